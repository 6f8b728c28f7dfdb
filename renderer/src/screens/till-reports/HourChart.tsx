// Takings by hour as a bar chart (uPlot: small and fast; loaded only when a report shows, so the
// Sell screen never pays for it). The table beside it says the same for screen readers.
import { useEffect, useRef } from 'react';
import type { TillReportView } from '../../../../shared/contract';
import { useFormat, useTranslation } from '../../i18n';
import 'uplot/dist/uPlot.min.css';

export function HourChart({ report }: { report: TillReportView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !host.current) return;
      const money = (minor: number) => format.money(Math.round(minor), report.currency);
      chart = new UPlot(
        {
          width: Math.max(320, Math.min(720, host.current.clientWidth || 640)),
          height: 220,
          legend: { show: false },
          scales: { x: { time: false, range: [-0.5, 23.5] } },
          axes: [
            { values: (_u, ticks) => ticks.map((h) => `${String(h).padStart(2, '0')}:00`) },
            { values: (_u, ticks) => ticks.map(money), size: 80 },
          ],
          series: [
            {},
            {
              label: t('shopDay.report.takings'),
              fill: 'rgba(37, 99, 235, 0.55)',
              stroke: 'rgb(37, 99, 235)',
              paths: UPlot.paths.bars!({ size: [0.7, 40] }),
              points: { show: false },
            },
          ],
        },
        [report.hours.map((h) => h.hour), report.hours.map((h) => h.amount)],
        host.current,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [report, format, t]);

  return <div ref={host} className="hour-chart" role="img" aria-label={t('shopDay.report.chartLabel')} />;
}

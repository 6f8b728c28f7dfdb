// The till's own reports: the day so far (X), closing the day (Z, a supervisor or manager), past
// Z reports to open and reprint, and the CSV files for the accountant. While a shop server is on,
// the same for the whole shop over all its tills (each till's part beside it).
import { useEffect, type ReactNode } from 'react';
import type { ShopReportView, TillReportView } from '../../../../shared/contract';
import { formatRate } from '../../../../shared/vat';
import { zNumberText } from '../../../../shared/till-report-receipts';
import { ProblemAndApproval } from '../../components/ProblemAndApproval';
import { PastList } from '../../components/PastList';
import { useFormat, useTranslation } from '../../i18n';
import { useShell } from '../../state/shell';
import { useTillReports } from '../../state/till-reports';
import { HourChart } from './HourChart';
import { cashierLabel, categoryLabel, tenderLabel } from './tender-label';
import './till-reports.css';

/** Offers a CSV file to save (the browser's download, or Electron's save dialog). */
function saveFile(file: { fileName: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Table({ title, head, rows }: { title: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <section className="panel report-table" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="hint">{t('shopDay.report.nothing')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, i) => (
              <tr key={i}>
                {cells.map((c, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {c}
                    </th>
                  ) : (
                    <td key={j}>{c}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Report({ report, tills }: { report: TillReportView; tills: ShopReportView['tills'] | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (minor: number) => format.money(minor, report.currency);
  // What went back is taken off: written with a minus (never "−£0.00").
  const back = (minor: number) => money(minor === 0 ? 0 : -minor);
  const count = (n: number) => format.number(n);
  // Rows with refunds and net (null in a Z closed before rows carried them).
  const refundsAndNet = (r: { refunds: number | null; net: number | null }) =>
    r.refunds === null || r.net === null
      ? [t('shopDay.report.notKept'), t('shopDay.report.notKept')]
      : [back(r.refunds), money(r.net)];
  const withoutItems = report.refundsWithoutItems?.count ? report.refundsWithoutItems : null;
  const netHead = [t('shopDay.report.sold'), t('shopDay.report.refunded'), t('shopDay.report.afterRefunds')];
  // A Z closed before rows carried refunds has gross rows only: no total they would not make.
  const rowsCarryNet = [...report.categories, ...report.cashiers].every((r) => r.net !== null);
  const netTotal = (cells: number) => [
    t('shopDay.report.net'),
    ...Array.from({ length: cells }, () => ''),
    money(report.sales.net),
  ];
  const [name, howMany, amount] = [
    t('shopDay.report.what'),
    t('shopDay.report.count'),
    t('shopDay.report.amount'),
  ];
  const scope = tills ? 'shopDay.shop' : 'shopDay.report';
  const title =
    report.kind === 'Z' ? t(`${scope}.zTitle`, { number: zNumberText(report) }) : t(`${scope}.xTitle`);
  return (
    <section className="till-report" aria-label={title}>
      <h2>{title}</h2>
      <p className="hint">
        {t('shopDay.report.period', {
          from: report.since ? format.dateTime(report.since) : t('shopDay.report.firstSale'),
          to: format.dateTime(report.until),
        })}
        {report.runBy && ` · ${t('shopDay.report.runBy', { name: report.runBy.name })}`}
      </p>
      <dl className="report-headline">
        <dt>{t('shopDay.report.sales', { count: report.sales.count })}</dt>
        <dd data-testid="report-gross">{money(report.sales.amount)}</dd>
        <dt>{t('shopDay.report.refunds')}</dt>
        <dd data-testid="report-refunds">{back(report.sales.refunds)}</dd>
        <dt>{t('shopDay.report.net')}</dt>
        <dd data-testid="report-net">{money(report.sales.net)}</dd>
      </dl>
      <div className="report-grid">
        {tills && (
          <Table
            title={t('shopDay.shop.byTill')}
            head={[name, howMany, ...netHead]}
            rows={tills.map((till) => [
              t('shopDay.shop.tillRow', { number: till.number, name: till.name }),
              count(till.report.sales.count),
              money(till.report.sales.amount),
              back(till.report.sales.refunds),
              money(till.report.sales.net),
            ])}
          />
        )}
        <Table
          title={t('shopDay.report.byTender')}
          head={[name, howMany, amount]}
          rows={report.tenders.map((r) => [tenderLabel(r), count(r.count), money(r.amount)])}
        />
        <Table
          title={t('shopDay.report.byVat')}
          head={[
            t('shopDay.report.rate'),
            t('shopDay.report.netCol'),
            t('shopDay.report.vat'),
            t('shopDay.report.gross'),
          ]}
          rows={[
            ...report.vat.map((v) => [
              v.basisPoints === null ? t('shopDay.report.noRate') : formatRate(v.basisPoints),
              money(v.net),
              money(v.vat),
              money(v.gross),
            ]),
            // Their VAT rate is not known: their own row, never spread over the rates above.
            ...(report.refundsWithoutItems && report.refundsWithoutItems.count > 0
              ? [[t('shopDay.report.refundsWithoutItems'), '', '', money(-report.refundsWithoutItems.amount)]]
              : []),
          ]}
        />
        <Table
          title={t('shopDay.report.byCategory')}
          head={[name, t('shopDay.report.items'), ...netHead]}
          rows={[
            ...report.categories.map((c) => [
              categoryLabel(c.category),
              count(c.quantity),
              money(c.amount),
              ...refundsAndNet(c),
            ]),
            // No category is known for them: their own row, so the rows add up to the net takings.
            ...(withoutItems
              ? [
                  [
                    t('shopDay.report.refundsWithoutItems'),
                    count(withoutItems.count),
                    '',
                    back(withoutItems.amount),
                    back(withoutItems.amount),
                  ],
                ]
              : []),
            ...(rowsCarryNet && (report.categories.length > 0 || withoutItems) ? [netTotal(3)] : []),
          ]}
        />
        <Table
          title={t('shopDay.report.byCashier')}
          head={[name, howMany, ...netHead]}
          rows={[
            ...report.cashiers.map((c) => [
              cashierLabel(c.name),
              count(c.count),
              money(c.amount),
              ...refundsAndNet(c),
            ]),
            ...(rowsCarryNet && report.cashiers.length > 0 ? [netTotal(3)] : []),
          ]}
        />
        <section className="panel report-table report-hours" aria-label={t('shopDay.report.byHour')}>
          <h3>{t('shopDay.report.byHour')}</h3>
          <HourChart report={report} />
        </section>
        <Table
          title={t('shopDay.report.refundsBy')}
          head={[name, howMany, amount]}
          rows={report.refunds.map((r) => [tenderLabel(r), count(r.count), money(r.amount)])}
        />
        <Table
          title={t('shopDay.report.other')}
          head={[name, howMany, amount]}
          rows={[
            [t('shopDay.report.discounts'), count(report.discounts.count), money(report.discounts.amount)],
            ...(report.priceOverrides
              ? [
                  [
                    t('shopDay.report.priceOverrides'),
                    count(report.priceOverrides.count),
                    money(report.priceOverrides.amount),
                  ],
                ]
              : []),
            [t('shopDay.report.voids'), count(report.voids.count), money(report.voids.amount)],
            [
              t('shopDay.report.noSales'),
              report.noSales ? count(report.noSales.count) : t('shopDay.report.notRecorded'),
              '',
            ],
          ]}
        />
        <Table
          title={t('shopDay.report.cashMoves')}
          head={[name, howMany, amount]}
          rows={report.cashMovements.map((m) => [
            t(m.direction === 'in' ? 'shopDay.report.moveIn' : 'shopDay.report.moveOut', {
              reason: t(`shopDay.reason.${m.reason}`),
            }),
            count(m.count),
            money(m.amount),
          ])}
        />
        <Table
          title={t('shopDay.report.shifts')}
          head={[
            t('shopDay.report.shift'),
            t('shopDay.closed.expected'),
            t('shopDay.closed.counted'),
            t('shopDay.closed.difference'),
          ]}
          rows={report.shifts.map((s) => [
            t('shopDay.report.shiftRow', { number: s.number, name: s.countedBy ?? t('shopDay.nobody') }),
            money(s.expected),
            money(s.counted),
            money(s.difference),
          ])}
        />
      </div>
    </section>
  );
}

export function TillReportsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { scope, report, tills, past, busy, problem, done, managerNeeded } = useTillReports();
  const shopServerOn = useShell((s) => (s.status?.shopServer?.state ?? 'off') !== 'off');
  useEffect(() => {
    void useTillReports.getState().load();
  }, []);
  // The shop's reports are there only while a shop server is on.
  useEffect(() => {
    if (!shopServerOn) void useTillReports.getState().setScope('till');
  }, [shopServerOn]);
  const state = useTillReports.getState();
  const words = scope === 'shop' ? 'shopDay.shop' : 'shopDay.report';
  return (
    <section className="screen till-reports-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">{t('shopDay.report.title')}</h1>
      </div>
      {shopServerOn && (
        <fieldset className="row wrap report-scope">
          <legend>{t('shopDay.shop.scope')}</legend>
          {(['till', 'shop'] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="report-scope"
                checked={scope === choice}
                disabled={busy}
                onChange={() => void state.setScope(choice)}
              />{' '}
              {t(choice === 'till' ? 'shopDay.shop.thisTill' : 'shopDay.shop.wholeShop')}
            </label>
          ))}
        </fieldset>
      )}
      <div className="row wrap">
        <button type="button" className="primary" disabled={busy} onClick={() => void state.runX()}>
          {t(`${words}.runX`)}
        </button>
        <button type="button" disabled={busy} onClick={() => void state.runZ()}>
          {t(`${words}.runZ`)}
        </button>
        {report && (
          <>
            <button type="button" disabled={busy} onClick={() => void state.print()}>
              {t(report.kind === 'Z' ? 'shopDay.report.reprint' : 'shopDay.report.print')}
            </button>
            <button type="button" disabled={busy} onClick={() => void state.exportCsv(saveFile)}>
              {t('shopDay.report.export')}
            </button>
          </>
        )}
      </div>
      <p className="hint">{t(`${words}.zHint`)}</p>
      {done && (
        <p className="notice" role="status">
          {t(done === 'printed' ? 'shopDay.report.printed' : `${words}.exported`)}
        </p>
      )}
      <ProblemAndApproval
        problem={problem}
        managerNeeded={managerNeeded}
        busy={busy}
        onApprove={(pin) => state.approve(pin)}
      />
      {report && <Report report={report} tills={tills} />}
      <PastList
        title={t(`${words}.past`)}
        className="z-history"
        items={past}
        keyOf={(z) => z.number}
        line={(z) =>
          t('shopDay.report.pastRow', {
            number: zNumberText(z),
            time: format.dateTime(z.until),
            gross: format.money(z.gross, z.currency),
          })
        }
        onOpen={(z) => void state.open(z.number)}
      />
    </section>
  );
}

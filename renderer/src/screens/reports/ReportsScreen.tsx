// The Reports screen: X, Z, banking and end of day reports from a card machine, their totals in
// plain words, and the slip the card machine printed. Z and end of day reset the card machine's
// totals, so they ask for the manager PIN when the till is locked.
import { useEffect, useState } from 'react';
import type { ReportType, ReportView, ReportTotalsView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ProblemAndApproval } from '../../components/ProblemAndApproval';
import { ReceiptPreview } from '../../components/ReceiptPreview';
import { REPORT_CHOICES, reportName, useReports } from '../../state/reports';
import { listedTerminalName, useTerminalName, useTerminals } from '../../state/terminals';
import { TerminalPicker } from '../sell/TerminalPicker';
import './reports.css';
import { useFormat, Trans, useTranslation } from '../../i18n';

function TotalsList({
  totals,
  label,
  currency,
}: {
  totals: ReportTotalsView;
  label: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, totals.currency ?? currency);
  return (
    <dl className="report-totals" aria-label={label}>
      <dt>{t('reports.cardSales')}</dt>
      <dd>
        {money(totals.salesAmount)}{' '}
        <span className="hint">({t('reports.sales', { count: totals.salesCount })})</span>
      </dd>
      <dt>{t('reports.refunds')}</dt>
      <dd>
        {money(totals.refundsAmount)}{' '}
        <span className="hint">({t('reports.refundsCount', { count: totals.refundsCount })})</span>
      </dd>
      <dt>{t('reports.takings')}</dt>
      <dd className="report-takings">{money(totals.totalAmount)}</dd>
    </dl>
  );
}

function ReportResult({ report, currency }: { report: ReportView; currency: string }) {
  const b = report.balances;
  const money = (minor: number) => formatMoney(minor, b?.currency ?? currency);
  const { t } = useTranslation();
  const format = useFormat();
  const when = (iso: string | null) => (iso ? format.dateTime(iso) : t('reports.notGiven'));
  const terminalName = useTerminalName();
  return (
    <section className="report-result panel" aria-label={t('reports.result')}>
      <h2>{t('reports.heading', { report: reportName(report.type), terminal: terminalName(report.terminalId) })}</h2>
      <p role="status">
        <Trans
          t={t}
          i18nKey="reports.answered"
          values={{ result: report.result ?? t('reports.noResult'), when: when(report.reportTime) }}
          components={{ strong: <strong /> }}
        />
      </p>
      {b && (
        <>
          <TotalsList totals={b} label={t('reports.cardTotals')} currency={currency} />
          {(b.cashbackCount > 0 || b.gratuityCount > 0) && (
            <dl className="report-totals" aria-label={t('reports.cashbackAndTips')}>
              {b.cashbackCount > 0 && (
                <>
                  <dt>{t('reports.cashback')}</dt>
                  <dd>
                    {money(b.cashbackAmount)}{' '}
                    <span className="hint">({t('reports.times', { count: b.cashbackCount })})</span>
                  </dd>
                </>
              )}
              {b.gratuityCount > 0 && (
                <>
                  <dt>{t('reports.tips')}</dt>
                  <dd>
                    {money(b.gratuityAmount)}{' '}
                    <span className="hint">({t('reports.tipsCount', { count: b.gratuityCount })})</span>
                  </dd>
                </>
              )}
            </dl>
          )}
          <p className="hint">{t('reports.countingSince', { when: when(b.totalsSince) })}</p>
        </>
      )}
      {report.banking.map((bank) =>
        bank.currentSession ? (
          <div key={bank.acquirer}>
            <h3>{t('reports.bankedWith', { acquirer: bank.acquirer })}</h3>
            <TotalsList
              totals={bank.currentSession}
              label={t('reports.bankingWith', { acquirer: bank.acquirer })}
              currency={currency}
            />
          </div>
        ) : null,
      )}
      {report.receiptLines.length > 0 ? (
        <>
          <p className="hint">{t('reports.slipSent')}</p>
          <ReceiptPreview lines={report.receiptLines} paperWidth={80} label={t('reports.slip')} />
        </>
      ) : (
        <p className="hint">{t('reports.noSlip')}</p>
      )}
    </section>
  );
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const { terminals, preferred, problem: terminalsProblem } = useTerminals(null);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const running = useReports((s) => s.running);
  const problem = useReports((s) => s.problem);
  const managerNeeded = useReports((s) => s.managerNeeded);
  const report = useReports((s) => s.report);

  // Each visit starts afresh, as when this state lived in the screen.
  useEffect(() => {
    useReports.getState().reset();
  }, []);

  // The shop's currency first, and a machine in it to start with (state/terminals.ts).
  const chosen = terminals?.find((t) => t.terminalId === terminalId) ?? preferred;

  const run = (type: ReportType) => {
    if (chosen) void useReports.getState().run(chosen.terminalId, type);
  };

  return (
    <section className="screen reports-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">{t('reports.title')}</h1>
      </div>
      {terminalsProblem && <p className="notice notice-error">{terminalsProblem}</p>}
      {terminals && terminals.length === 0 && <p className="hint">{t('reports.noTerminals')}</p>}
      {terminals && terminals.length > 0 && (
        <div className="report-controls">
          <TerminalPicker terminals={terminals} value={chosen?.terminalId ?? null} onChange={setTerminalId} />
          <ul className="report-choices" aria-label={t('reports.choices')}>
            {REPORT_CHOICES.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  className={type === 'X_BAL' ? 'primary' : undefined}
                  disabled={running !== null || !chosen}
                  aria-describedby={`report-what-${type}`}
                  onClick={() => run(type)}
                >
                  {running === type
                    ? t('reports.runningButton', { name: t(`reports.choice.${type}.name`) })
                    : t(`reports.choice.${type}.name`)}
                </button>
                <span className="hint" id={`report-what-${type}`}>
                  {t(`reports.choice.${type}.what`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {running && (
        <p className="hint" role="status">
          {t('reports.running', {
            report: reportName(running),
            terminal: chosen ? listedTerminalName(chosen) : t('reports.theCardMachine'),
          })}
        </p>
      )}
      <ProblemAndApproval
        problem={problem}
        managerNeeded={managerNeeded}
        busy={running !== null}
        onApprove={(pin) => useReports.getState().approve(pin)}
      />
      {report && <ReportResult report={report} currency={chosen?.currency ?? 'GBP'} />}
    </section>
  );
}

// The Reports screen: X, Z, banking and end of day reports from a card machine, their totals in
// plain words, and the slip the card machine printed. Z and end of day reset the card machine's
// totals, so they ask for the manager PIN when the till is locked.
import { useEffect, useState } from 'react';
import type { ReportType, ReportView, ReportTotalsView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { ReceiptPreview } from '../../components/ReceiptPreview';
import { REPORT_CHOICES, reportName, useReports } from '../../state/reports';
import { useTerminals } from '../../state/terminals';
import { TerminalPicker, defaultTerminal } from '../sell/TerminalPicker';
import './reports.css';

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function TotalsList({
  totals,
  label,
  currency,
}: {
  totals: ReportTotalsView;
  label: string;
  currency: string;
}) {
  const money = (minor: number) => formatMoney(minor, totals.currency ?? currency);
  return (
    <dl className="report-totals" aria-label={label}>
      <dt>Card sales</dt>
      <dd>
        {money(totals.salesAmount)}{' '}
        <span className="hint">({countOf(totals.salesCount, 'sale', 'sales')})</span>
      </dd>
      <dt>Refunds</dt>
      <dd>
        {money(totals.refundsAmount)}{' '}
        <span className="hint">({countOf(totals.refundsCount, 'refund', 'refunds')})</span>
      </dd>
      <dt>Takings (sales less refunds)</dt>
      <dd className="report-takings">{money(totals.totalAmount)}</dd>
    </dl>
  );
}

function ReportResult({ report, currency }: { report: ReportView; currency: string }) {
  const b = report.balances;
  const money = (minor: number) => formatMoney(minor, b?.currency ?? currency);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : 'not given');
  return (
    <section className="report-result panel" aria-label="Report result">
      <h2>
        {reportName(report.type)} · card machine {report.terminalId}
      </h2>
      <p role="status">
        The card machine answered: <strong>{report.result ?? 'no result'}</strong> at{' '}
        {when(report.reportTime)}
      </p>
      {b && (
        <>
          <TotalsList totals={b} label="Card totals" currency={currency} />
          {(b.cashbackCount > 0 || b.gratuityCount > 0) && (
            <dl className="report-totals" aria-label="Cashback and tips">
              {b.cashbackCount > 0 && (
                <>
                  <dt>Cashback given</dt>
                  <dd>
                    {money(b.cashbackAmount)}{' '}
                    <span className="hint">({countOf(b.cashbackCount, 'time', 'times')})</span>
                  </dd>
                </>
              )}
              {b.gratuityCount > 0 && (
                <>
                  <dt>Tips</dt>
                  <dd>
                    {money(b.gratuityAmount)}{' '}
                    <span className="hint">({countOf(b.gratuityCount, 'tip', 'tips')})</span>
                  </dd>
                </>
              )}
            </dl>
          )}
          <p className="hint">Counting since {when(b.totalsSince)}.</p>
        </>
      )}
      {report.banking.map((bank) =>
        bank.currentSession ? (
          <div key={bank.acquirer}>
            <h3>Banked with {bank.acquirer}</h3>
            <TotalsList
              totals={bank.currentSession}
              label={`Banking with ${bank.acquirer}`}
              currency={currency}
            />
          </div>
        ) : null,
      )}
      {report.receiptLines.length > 0 ? (
        <>
          <p className="hint">The slip below was sent to the receipt printer.</p>
          <ReceiptPreview lines={report.receiptLines} paperWidth={80} label="Report slip" />
        </>
      ) : (
        <p className="hint">The card machine gave no slip for this report.</p>
      )}
    </section>
  );
}

export function ReportsScreen() {
  const { terminals, problem: terminalsProblem } = useTerminals(null);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const running = useReports((s) => s.running);
  const problem = useReports((s) => s.problem);
  const managerNeeded = useReports((s) => s.managerNeeded);
  const report = useReports((s) => s.report);

  // Each visit starts afresh, as when this state lived in the screen.
  useEffect(() => {
    useReports.getState().reset();
  }, []);

  const chosen =
    terminals?.find((t) => t.terminalId === terminalId) ??
    (terminals ? defaultTerminal(terminals) : undefined);

  const run = (type: ReportType) => {
    if (chosen) void useReports.getState().run(chosen.terminalId, type);
  };

  return (
    <section className="screen reports-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">Reports</h1>
      </div>
      {terminalsProblem && <p className="notice notice-error">{terminalsProblem}</p>}
      {terminals && terminals.length === 0 && <p className="hint">No card machines are set up.</p>}
      {terminals && terminals.length > 0 && (
        <div className="report-controls">
          <TerminalPicker terminals={terminals} value={chosen?.terminalId ?? null} onChange={setTerminalId} />
          <ul className="report-choices" aria-label="Reports">
            {REPORT_CHOICES.map((choice) => (
              <li key={choice.type}>
                <button
                  type="button"
                  className={choice.type === 'X_BAL' ? 'primary' : undefined}
                  disabled={running !== null || !chosen}
                  aria-describedby={`report-what-${choice.type}`}
                  onClick={() => run(choice.type)}
                >
                  {running === choice.type ? `${choice.name}…` : choice.name}
                </button>
                <span className="hint" id={`report-what-${choice.type}`}>
                  {choice.what}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {running && (
        <p className="hint" role="status">
          Running the {reportName(running)} on card machine {chosen?.terminalId}…
        </p>
      )}
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {managerNeeded && (
        <ManagerPinForm
          reason={managerNeeded}
          busy={running !== null}
          onApprove={(pin) => useReports.getState().approve(pin)}
        />
      )}
      {report && <ReportResult report={report} currency={chosen?.currency ?? 'GBP'} />}
    </section>
  );
}

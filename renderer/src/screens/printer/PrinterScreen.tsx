// The Printer screen: each printer's state in plain words, the print queue with what can be
// done about each job, a test page, and the on-screen receipt preview. It refreshes when the
// services report a change (printing.changed), gathered into one refresh per burst.
import { useEffect, useState } from 'react';
import type { PreviewReceipt, PrinterView, PrintJobView } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ReceiptPreview } from '../../components/ReceiptPreview';
import { usePrinting, type JobAction } from '../../state/printing';
import { useSettings } from '../../state/settings';
import {
  conditionWords,
  formatTime,
  jobActions,
  jobReasonWords,
  jobStateWords,
  isTestPage,
  needsCheckOnly,
  needsDecision,
  receiptLabel,
} from './printer-words';
import './printer.css';

const KIND_WORDS: Record<string, string> = {
  preview: 'On-screen preview',
  network: 'Network',
  usb: 'USB',
  device: 'Linux device',
};

function PrinterCard({ printer, onTestPage }: { printer: PrinterView; onTestPage: (id: string) => void }) {
  const { words, tone } = conditionWords(printer.condition);
  const name = printer.name || printer.printerId;
  const kind = KIND_WORDS[printer.kind] ?? printer.kind;
  return (
    <li className="printer-card" aria-label={`Printer ${name}`} data-testid="printer-card">
      <div className="printer-card-head">
        <span className="printer-name">{name}</span>
        {kind !== name && <span className="printer-kind">{kind}</span>}
      </div>
      <div className={`printer-condition tone-${tone}`} data-testid="printer-condition">
        <span className="dot" aria-hidden="true" />
        {words}
      </div>
      {/* The transport's own words, when they add something to the condition above. */}
      {printer.detail && printer.detail !== printer.kind && (
        <p className="printer-detail">{printer.detail}</p>
      )}
      <div className="printer-card-foot">
        <span className="printer-meta">
          {printer.pending > 0 ? `${printer.pending} waiting` : 'Nothing waiting'}
          {printer.checkedAt && ` · checked ${formatTime(printer.checkedAt)}`}
        </span>
        <button
          type="button"
          aria-label={`Test page on ${name}`}
          onClick={() => onTestPage(printer.printerId)}
        >
          Test page
        </button>
      </div>
    </li>
  );
}

function UncertainPrompt({
  job,
  busy,
  onAct,
}: {
  job: PrintJobView;
  busy: boolean;
  onAct: (a: JobAction) => void;
}) {
  return (
    <div className="uncertain-prompt" role="group" aria-label={`Decide about ${receiptLabel(job.receiptId)}`}>
      <p>This receipt may or may not have printed. Reprint it marked DUPLICATE, or mark it done?</p>
      <div className="uncertain-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => onAct('reprint')}>
          Reprint as DUPLICATE
        </button>
        <button type="button" disabled={busy} onClick={() => onAct('cancel')}>
          It printed — mark done
        </button>
      </div>
    </div>
  );
}

function CheckPrompt({
  job,
  busy,
  onAct,
}: {
  job: PrintJobView;
  busy: boolean;
  onAct: (a: JobAction) => void;
}) {
  return (
    <div className="uncertain-prompt" role="group" aria-label={`Check ${receiptLabel(job.receiptId)}`}>
      <p>
        The printer’s connection dropped after this receipt was sent, so it may have printed already.
        {job.state === 'printed' ? ' It was printed again marked COPY: there may be two copies. ' : ' '}
        Check the printer, then press Checked.
      </p>
      <div className="uncertain-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => onAct('markChecked')}>
          Checked
        </button>
      </div>
    </div>
  );
}

function JobRow({
  job,
  printerName,
  busy,
  onAct,
}: {
  job: PrintJobView;
  printerName: string;
  busy: boolean;
  onAct: (action: JobAction, jobId: string) => void;
}) {
  const state = jobStateWords(job.state);
  const reason = jobReasonWords(job.reason);
  const actions = jobActions(job.state);
  const label = receiptLabel(job.receiptId);
  const act = (action: JobAction) => onAct(action, job.id);
  return (
    <>
      <tr
        data-testid="job-row"
        data-state={job.state}
        aria-label={`${label} on ${printerName}`}
        className={job.needsCheck ? 'has-decision' : undefined}
      >
        <td>
          <div className="job-receipt">{label}</div>
          <div className="job-sub">
            {formatTime(job.createdAt)}
            {job.duplicateOf && ' · Duplicate copy'}
            {job.copy && ' · Sent again marked COPY'}
          </div>
          {!isTestPage(job.receiptId) && label !== job.receiptId && (
            <div className="job-sub job-id">{job.receiptId}</div>
          )}
        </td>
        <td>{printerName}</td>
        <td>
          <span className={`badge tone-${state.tone}`} data-testid="job-state">
            {state.words}
          </span>
          {reason && (
            <div className="job-reason" data-testid="job-reason">
              {reason}
            </div>
          )}
          {job.attempts > 1 && <div className="job-sub">Tried {job.attempts} times</div>}
        </td>
        <td>
          <div className="job-actions">
            {actions.retry && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Retry ${label}`}
                onClick={() => act('retry')}
              >
                Retry
              </button>
            )}
            {actions.reprint && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Reprint ${label}`}
                onClick={() => act('reprint')}
              >
                Reprint
              </button>
            )}
            {actions.cancel && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Cancel ${label}`}
                onClick={() => act('cancel')}
              >
                Cancel
              </button>
            )}
          </div>
        </td>
      </tr>
      {(needsDecision(job) || needsCheckOnly(job)) && (
        <tr className="decision-row">
          <td colSpan={4}>
            {needsDecision(job) ? (
              <UncertainPrompt job={job} busy={busy} onAct={act} />
            ) : (
              <CheckPrompt job={job} busy={busy} onAct={act} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function PreviewPanel({ previews }: { previews: PreviewReceipt[] | null }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = previews?.find((p) => p.jobId === chosen) ?? previews?.[0] ?? null;
  // The preview prints '?' where its printer's code page would (the settings say which it is).
  const codePage = useSettings(
    (s) => s.view?.settings.printers.find((p) => p.id === shown?.printerId)?.codePage,
  );
  return (
    <aside className="preview-panel" aria-label="Receipt preview">
      <h2>Receipt preview</h2>
      {previews && previews.length > 1 && (
        <div className="preview-picker" role="group" aria-label="Recent receipts">
          {previews.map((p) => (
            <button
              key={p.jobId}
              type="button"
              className={p === shown ? 'chip active' : 'chip'}
              aria-pressed={p === shown}
              onClick={() => setChosen(p.jobId)}
            >
              {receiptLabel(p.receiptId)}
              {p.duplicate ? ' (duplicate)' : ''} · {formatTime(p.createdAt)}
            </button>
          ))}
        </div>
      )}
      {previews && previews.length === 0 && (
        <p className="muted">Nothing printed yet. Receipts appear here as they print.</p>
      )}
      {shown && (
        <div className="preview-desk">
          <ReceiptPreview
            lines={shown.lines}
            paperWidth={shown.paperWidth}
            codePage={codePage}
            duplicate={shown.duplicate}
            label={`${receiptLabel(shown.receiptId)} preview`}
          />
        </div>
      )}
    </aside>
  );
}

export function PrinterScreen() {
  const printers = usePrinting((s) => s.printers);
  const jobs = usePrinting((s) => s.jobs);
  const previews = usePrinting((s) => s.previews);
  const loadError = usePrinting((s) => s.loadError);
  const busy = usePrinting((s) => s.busy);
  const [actionError, setActionError] = useState<unknown>(null);

  // Changes while the screen shows refresh it through state/events.ts.
  useEffect(() => {
    void usePrinting.getState().load();
    if (!useSettings.getState().view) void useSettings.getState().load();
  }, []);

  const run = (work: () => Promise<unknown>) => {
    setActionError(null);
    work().catch(setActionError);
  };
  const testPage = (printerId?: string) => run(() => usePrinting.getState().testPage(printerId));
  const act = (action: JobAction, jobId: string) => run(() => usePrinting.getState().act(action, jobId));
  const nameOf = (printerId: string) => printers?.find((p) => p.printerId === printerId)?.name || printerId;
  // The same count as the top bar's (both are the services' needs-a-look count).
  const needingALook = printers?.reduce((n, p) => n + p.needsCheck, 0) ?? 0;

  return (
    <section className="screen printer-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">Printer</h1>
        <button type="button" className="primary" onClick={() => testPage()}>
          Print test page
        </button>
        <button type="button" onClick={() => void usePrinting.getState().load()}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={actionError ?? loadError} />
      {needingALook > 0 && (
        <p className="uncertain-prompt" role="note" data-testid="printer-needs-look">
          {needingALook === 1
            ? 'A receipt may not have printed (or printed twice): look at the job marked below.'
            : `${needingALook} receipts may not have printed (or printed twice): look at the jobs marked below.`}
        </p>
      )}
      <div className="printer-layout">
        <div className="printer-main">
          <h2>Printers</h2>
          {printers === null && !loadError && <p className="muted">Checking printers…</p>}
          {printers && (
            <ul className="printer-cards" aria-label="Printers">
              {printers.map((p) => (
                <PrinterCard key={p.printerId} printer={p} onTestPage={testPage} />
              ))}
            </ul>
          )}
          <h2>Print queue</h2>
          {jobs && jobs.length === 0 && <p className="muted">The queue is empty.</p>}
          {jobs && jobs.length > 0 && (
            <table className="data-table queue-table" aria-label="Print queue">
              <thead>
                <tr>
                  <th scope="col">Receipt</th>
                  <th scope="col">Printer</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <JobRow
                    key={job.id}
                    job={job}
                    printerName={nameOf(job.printerId)}
                    busy={job.id in busy}
                    onAct={act}
                  />
                ))}
              </tbody>
            </table>
          )}
        </div>
        <PreviewPanel previews={previews} />
      </div>
    </section>
  );
}

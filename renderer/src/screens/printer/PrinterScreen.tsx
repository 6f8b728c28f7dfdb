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
  kindWords,
  needsCheckOnly,
  needsDecision,
  printerName,
  receiptLabel,
} from './printer-words';
import './printer.css';
import { useTranslation } from '../../i18n';

const CONNECTION_FAILURES: ReadonlySet<string> = new Set(['unreachable', 'offline']);

function PrinterCard({ printer, onTestPage }: { printer: PrinterView; onTestPage: (id: string) => void }) {
  const { t } = useTranslation();
  const { words, tone } = conditionWords(printer.condition);
  const name = printerName(printer);
  const kind = kindWords(printer.kind);
  return (
    <li className="printer-card" aria-label={t('printer.card', { name })} data-testid="printer-card">
      <div className="printer-card-head">
        <span className="printer-name">{name}</span>
        {kind !== name && <span className="printer-kind">{kind}</span>}
      </div>
      <div className={`printer-condition tone-${tone}`} data-testid="printer-condition">
        <span className="dot" aria-hidden="true" />
        {words}
      </div>
      {/* The printer's own status words (paper, cover), when they add something to the condition
          above; a connection failure's detail is a system message and stays in the log. */}
      {printer.detail && printer.detail !== printer.kind && !CONNECTION_FAILURES.has(printer.condition) && (
        <p className="printer-detail">{printer.detail}</p>
      )}
      <div className="printer-card-foot">
        <span className="printer-meta">
          {printer.pending > 0
            ? t('printer.waiting', { count: printer.pending })
            : t('printer.nothingWaiting')}
          {printer.checkedAt && t('printer.checkedAt', { time: formatTime(printer.checkedAt) })}
        </span>
        <button
          type="button"
          aria-label={t('printer.testPageOn', { name })}
          onClick={() => onTestPage(printer.printerId)}
        >
          {t('printer.testPage')}
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
  const { t } = useTranslation();
  return (
    <div
      className="uncertain-prompt"
      role="group"
      aria-label={t('printer.decideAbout', { receipt: receiptLabel(job.receiptId) })}
    >
      <p>{t('printer.uncertain')}</p>
      <div className="uncertain-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => onAct('reprint')}>
          {t('printer.reprintDuplicate')}
        </button>
        <button type="button" disabled={busy} onClick={() => onAct('cancel')}>
          {t('printer.markDone')}
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
  const { t } = useTranslation();
  return (
    <div
      className="uncertain-prompt"
      role="group"
      aria-label={t('printer.checkLabel', { receipt: receiptLabel(job.receiptId) })}
    >
      <p>{job.state === 'printed' ? t('printer.checkDroppedCopy') : t('printer.checkDropped')}</p>
      <div className="uncertain-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => onAct('markChecked')}>
          {t('printer.checked')}
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
  const { t } = useTranslation();
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
        aria-label={t('printer.jobOn', { receipt: label, printer: printerName })}
        className={job.needsCheck ? 'has-decision' : undefined}
      >
        <td>
          <div className="job-receipt">{label}</div>
          <div className="job-sub">
            {formatTime(job.createdAt)}
            {job.duplicateOf && t('printer.duplicateCopy')}
            {job.copy && t('printer.sentAgain')}
          </div>
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
          {job.attempts > 1 && <div className="job-sub">{t('printer.tried', { count: job.attempts })}</div>}
        </td>
        <td>
          <div className="job-actions">
            {actions.retry && (
              <button
                type="button"
                disabled={busy}
                aria-label={t('printer.retryLabel', { receipt: label })}
                onClick={() => act('retry')}
              >
                {t('printer.retry')}
              </button>
            )}
            {actions.reprint && (
              <button
                type="button"
                disabled={busy}
                aria-label={t('printer.reprintLabel', { receipt: label })}
                onClick={() => act('reprint')}
              >
                {t('printer.reprint')}
              </button>
            )}
            {actions.cancel && (
              <button
                type="button"
                disabled={busy}
                aria-label={t('printer.cancelLabel', { receipt: label })}
                onClick={() => act('cancel')}
              >
                {t('printer.cancel')}
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
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = previews?.find((p) => p.jobId === chosen) ?? previews?.[0] ?? null;
  // The preview prints '?' where its printer's code page would (the settings say which it is).
  const codePage = useSettings(
    (s) => s.view?.settings.printers.find((p) => p.id === shown?.printerId)?.codePage,
  );
  return (
    <aside className="preview-panel" aria-label={t('printer.preview')}>
      <h2>{t('printer.preview')}</h2>
      {previews && previews.length > 1 && (
        <div className="preview-picker" role="group" aria-label={t('printer.recent')}>
          {previews.map((p) => (
            <button
              key={p.jobId}
              type="button"
              className={p === shown ? 'chip active' : 'chip'}
              aria-pressed={p === shown}
              onClick={() => setChosen(p.jobId)}
            >
              {t(p.duplicate ? 'printer.chipDuplicate' : 'printer.chip', {
                receipt: receiptLabel(p.receiptId),
                time: formatTime(p.createdAt),
              })}
            </button>
          ))}
        </div>
      )}
      {previews && previews.length === 0 && <p className="muted">{t('printer.nothingPrinted')}</p>}
      {shown && (
        // A long receipt scrolls here, so the desk takes focus: keyboard users can scroll it too.
        <div className="preview-desk" role="region" tabIndex={0} aria-label={t('printer.previewDesk')}>
          <ReceiptPreview
            lines={shown.lines}
            paperWidth={shown.paperWidth}
            codePage={codePage}
            duplicate={shown.duplicate}
            label={t('printer.previewOf', { receipt: receiptLabel(shown.receiptId) })}
          />
        </div>
      )}
    </aside>
  );
}

export function PrinterScreen() {
  const { t } = useTranslation();
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
  const nameOf = (printerId: string) => {
    const printer = printers?.find((p) => p.printerId === printerId);
    return printer ? printerName(printer) : t('printer.noLongerSetUp');
  };
  // The same count as the top bar's (both are the services' needs-a-look count).
  const needingALook = printers?.reduce((n, p) => n + p.needsCheck, 0) ?? 0;

  return (
    <section className="screen printer-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">{t('printer.title')}</h1>
        <button type="button" className="primary" onClick={() => testPage()}>
          {t('printer.printTestPage')}
        </button>
        <button type="button" onClick={() => void usePrinting.getState().load()}>
          {t('printer.refresh')}
        </button>
      </div>
      <ErrorNotice error={actionError ?? loadError} />
      {needingALook > 0 && (
        <p className="uncertain-prompt" role="note" data-testid="printer-needs-look">
          {t('printer.needsLook', { count: needingALook })}
        </p>
      )}
      <div className="printer-layout">
        <div className="printer-main">
          <h2>{t('printer.printers')}</h2>
          {printers === null && !loadError && <p className="muted">{t('printer.checking')}</p>}
          {printers && (
            <ul className="printer-cards" aria-label={t('printer.printers')}>
              {printers.map((p) => (
                <PrinterCard key={p.printerId} printer={p} onTestPage={testPage} />
              ))}
            </ul>
          )}
          <h2>{t('printer.queue')}</h2>
          {jobs && jobs.length === 0 && <p className="muted">{t('printer.queueEmpty')}</p>}
          {jobs && jobs.length > 0 && (
            <table className="data-table queue-table" aria-label={t('printer.queue')}>
              <thead>
                <tr>
                  <th scope="col">{t('printer.receiptColumn')}</th>
                  <th scope="col">{t('printer.printerColumn')}</th>
                  <th scope="col">{t('printer.stateColumn')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('printer.actions')}</span>
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

import { useTranslation } from '../i18n';
import { wordsText } from '../i18n/words';
import { needsLookWords } from '../screens/printer/printer-words';
import { ShopServerPill } from '../screens/shop-server/ShopServerPill';
import { useShell } from '../state/shell';
import { useTerminalName } from '../state/terminals';

export function StatusBar() {
  const { t } = useTranslation();
  const status = useShell((s) => s.status);
  const linked = useShell((s) => s.linked);
  const go = useShell((s) => s.go);
  const terminalName = useTerminalName();
  return (
    <div className="status-bar" role="status" aria-label={t('status.label')}>
      {!linked && <span className="pill pill-error">{t('status.disconnected')}</span>}
      {status?.connections.map((c) => {
        const pill = t(c.mode === 'sandbox' ? 'status.pillSandbox' : 'status.pill', {
          service: t(`status.service.${c.service}`),
          state: t(`status.state.${c.state}`),
        });
        // A card machine the service calls offline is named here too, as on the Terminals screen.
        const offline = (c.offlineTerminals ?? []).map(terminalName);
        return (
          <span
            key={c.service}
            className={`pill pill-${offline.length > 0 ? 'offline' : c.state}`}
            title={c.detail}
            data-testid={`status-${c.service}`}
          >
            {offline.length > 0 ? t('status.terminalsOffline', { pill, names: offline.join(', ') }) : pill}
          </span>
        );
      })}
      {status && (
        <span
          className={`pill pill-printer-${status.printer.state}`}
          title={status.printer.detail}
          data-testid="status-printer"
        >
          {t(status.printer.queued > 0 ? 'status.printerPillWaiting' : 'status.printerPill', {
            state: t(`status.printer.${status.printer.state}`),
            count: status.printer.queued,
          })}
        </span>
      )}
      {/* Shown until someone marks the job on the Printer screen (the services keep the count). */}
      {status && status.printer.uncertain > 0 && (
        <button
          type="button"
          className="pill pill-printer-held"
          data-testid="status-print-uncertain"
          onClick={() => go('printer')}
        >
          {needsLookWords(status.printer.uncertain)}
        </button>
      )}
      <ShopServerPill status={status?.shopServer} />
      {status?.backup?.state === 'attention' && (
        <button
          type="button"
          className="pill pill-printer-held"
          data-testid="status-backup"
          onClick={() => go('backups')}
        >
          {wordsText(status.backup.words, status.backup.detail)}
        </button>
      )}
      {status && status.storage.state !== 'ok' && (
        <span className="pill pill-error" data-testid="status-storage">
          {status.storage.detail}
        </span>
      )}
    </div>
  );
}

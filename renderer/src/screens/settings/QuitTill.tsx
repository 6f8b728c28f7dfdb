// The only way out of a kiosk till. The services refuse it while a card payment runs, and without
// a supervisor or manager, who can approve it here with their own PIN; on a till with no manager
// yet the same form creates the first one, and Paydesk then quits.
import { useState } from 'react';
import { disconnectedTill } from '../../bridge/contract-client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { createManagerApproval, needsManager } from '../../state/manager-approval';
import { useShell } from '../../state/shell';
import { till } from '../../till';
import { useTranslation } from '../../i18n';

export function QuitTill() {
  const { t } = useTranslation();
  const host = useShell((s) => s.info?.host);
  const [error, setError] = useState<unknown>(null);
  const [needed, setNeeded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [approval] = useState(() => createManagerApproval(till ?? disconnectedTill, setNeeded));
  if (host !== 'electron') return null;

  const quit = async (): Promise<void> => {
    setError(null);
    try {
      await approval.attempt(
        t('settings.quit.needs'),
        () => (till ?? disconnectedTill).invoke('app.quit', {}),
        quit,
        'quit',
      );
    } catch (refused) {
      if (!needsManager(refused)) setError(refused);
    }
  };
  const approve = async (pin: string) => {
    setBusy(true);
    setError(null);
    try {
      await approval.approve(pin);
    } catch (wrong) {
      setError(wrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="quit-till">
      <button type="button" className="danger" onClick={() => void quit()}>
        {t('settings.quit.button')}
      </button>
      {needed && (
        <>
          <ManagerPinForm reason={needed} busy={busy} onApprove={approve} />
          <button type="button" onClick={() => approval.cancel()}>
            {t('settings.quit.keepOpen')}
          </button>
        </>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}

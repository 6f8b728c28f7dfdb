// The welcome on a till nobody has used yet (the services decide: `status.backup.firstStart`):
// its new owner may be moving from another PC, so the first screen they meet offers the restore.
// It sits above the products and never blocks a sale; "Start fresh" puts it away for good.
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useTranslation } from '../../i18n';
import { useBackup } from '../../state/backup';
import { useShell } from '../../state/shell';

export function FirstStartPanel() {
  const { t } = useTranslation();
  const firstStart = useShell((s) => s.status?.backup?.firstStart === true);
  const [problem, setProblem] = useState<unknown>(null);
  if (!firstStart) return null;
  return (
    <section className="panel first-start" aria-labelledby="first-start-title">
      <h2 id="first-start-title">{t('backup.firstStart.title')}</h2>
      <p>{t('backup.firstStart.text')}</p>
      <div className="row">
        <button type="button" className="primary" onClick={() => useShell.getState().go('backups')}>
          {t('backup.firstStart.restore')}
        </button>
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            useBackup.getState().startFresh().catch(setProblem);
          }}
        >
          {t('backup.firstStart.startFresh')}
        </button>
      </div>
      <ErrorNotice error={problem} />
    </section>
  );
}

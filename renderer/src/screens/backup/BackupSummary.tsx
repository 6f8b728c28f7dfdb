// Backups as Settings shows them: the last good backup, the last failure in words, and the way to
// the Backups screen, where the folder is set and backups are made and restored.
import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { useBackup } from '../../state/backup';
import { useShell } from '../../state/shell';
import { SectionCard } from '../settings/section';
import { LastResults } from './BackupScreen';

export function BackupSummary() {
  const { t } = useTranslation();
  const status = useBackup((s) => s.status);
  useEffect(() => {
    // The Backups screen says why when this fails; Settings only leaves the lines out.
    useBackup
      .getState()
      .load()
      .catch(() => undefined);
  }, []);
  return (
    <SectionCard id="backups" title={t('backup.summary.title')} intro={t('backup.summary.intro')}>
      {status && <LastResults status={status} />}
      {status && !status.folder && <p>{t('services.backup.noFolder')}</p>}
      <div className="row">
        <button type="button" onClick={() => useShell.getState().go('backups')}>
          {t('backup.summary.open')}
        </button>
      </div>
    </SectionCard>
  );
}

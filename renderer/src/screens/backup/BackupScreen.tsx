// Backups (docs/backups.md): where the till's records are backed up, nightly and now, with the
// last result in words; a restore from a backup (a new PC starts here: type the folder, look,
// choose one); and missing sales, which a manager accepts with their PIN when no backup holds them.
import { useEffect, useState, type FormEvent } from 'react';
import type { BackupStatus, FoundBackup } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat, useTranslation } from '../../i18n';
import { wordsText } from '../../i18n/words';
import { useBackup } from '../../state/backup';
import { isUnlocked, useSettings } from '../../state/settings';
import { PinGate } from '../settings/ManagerPin';
import { ActionResult, Field, SectionCard, Toggle, useAction, useDraft } from '../settings/section';
import '../settings/settings.css';

function MissingSales() {
  const { t } = useTranslation();
  const missing = useBackup((s) => s.status?.missingSales);
  const [pin, setPin] = useState('');
  const accept = useAction();
  if (!missing) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void accept.run(async () => {
      await useBackup.getState().acceptMissingSales(pin);
      setPin('');
    }, t('backup.missing.accepted'));
  };
  return (
    <section className="notice notice-warn" role="alert" aria-labelledby="missing-sales-title">
      <h2 id="missing-sales-title">{t('backup.missing.title', { count: missing.count })}</h2>
      <p>
        {t('backup.missing.what', {
          first: missing.firstReceipt,
          last: missing.lastReceipt,
          count: missing.count,
        })}
      </p>
      <p>{t('backup.missing.todo')}</p>
      <form onSubmit={submit} aria-label={t('backup.missing.formLabel')}>
        <Field label={t('backup.missing.pin')}>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
          />
        </Field>
        <button
          type="submit"
          className="primary"
          disabled={!/^\d{4,8}$/.test(pin) || accept.state.kind === 'busy'}
        >
          {t('backup.missing.accept')}
        </button>
        <ActionResult state={accept.state} />
      </form>
    </section>
  );
}

/** The last good backup and, when the last try failed, what happened: here and in Settings. */
export function LastResults({ status }: { status: BackupStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { lastGood, lastRun } = status;
  const failed = lastRun && !lastRun.ok ? lastRun : null;
  return (
    <>
      <p role="status" data-testid="backup-last-good">
        {lastGood
          ? t('backup.lastGood', {
              when: format.dateTime(lastGood.at),
              sales: lastGood.sales,
              receipt: lastGood.lastReceipt ?? t('backup.noReceipt'),
            })
          : t('backup.noGoodYet')}
      </p>
      {failed && (
        <p className="notice notice-error" data-testid="backup-last-failed">
          {t('backup.lastFailed', { when: format.dateTime(failed.at) })}{' '}
          {wordsText(failed.result.words, failed.result.message)}
        </p>
      )}
    </>
  );
}

function BackupSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useBackup((s) => s.status);
  const source = {
    folder: status?.folder ?? '',
    scheduleOn: status?.scheduleOn ?? true,
    keep: String(status?.keep ?? 14),
  };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  const now = useAction();
  if (!status) return null;
  const keep = Number(draft.keep);
  const onSave = () =>
    void save.run(async () => {
      if (!Number.isInteger(keep) || keep < 1 || keep > 365) throw new Error(t('backup.keepUnreadable'));
      await useBackup
        .getState()
        .configure({ folder: draft.folder.trim() || null, scheduleOn: draft.scheduleOn, keep });
    }, t('backup.saved'));
  const onBackUp = () =>
    void now.run(async () => {
      const result = await useBackup.getState().runNow();
      const words = wordsText(result.words, result.message);
      if (!result.ok) throw new Error(words);
      return words;
    });
  return (
    <SectionCard
      id="backups-now"
      title={t('backup.title')}
      intro={t('backup.intro')}
      save={{ dirty, state: save.state, onSave, onUndo: reset }}
    >
      <LastResults status={status} />
      {status.nextDueAt && <p>{t('backup.next', { when: format.dateTime(status.nextDueAt) })}</p>}
      <div className="field-grid">
        <Field label={t('backup.folder')} hint={t('backup.folderHint')}>
          <input value={draft.folder} onChange={(e) => setDraft((d) => ({ ...d, folder: e.target.value }))} />
        </Field>
        <Field label={t('backup.keep')} hint={t('backup.keepHint')}>
          <input
            inputMode="numeric"
            value={draft.keep}
            onChange={(e) => setDraft((d) => ({ ...d, keep: e.target.value }))}
          />
        </Field>
      </div>
      <Toggle
        label={t('backup.nightly')}
        hint={t('backup.nightlyHint')}
        checked={draft.scheduleOn}
        onChange={(scheduleOn) => setDraft((d) => ({ ...d, scheduleOn }))}
      />
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!status.folder || status.running || now.state.kind === 'busy'}
          onClick={onBackUp}
        >
          {status.running || now.state.kind === 'busy' ? t('backup.running') : t('backup.now')}
        </button>
        <ActionResult state={now.state} />
      </div>
    </SectionCard>
  );
}

function describe(
  found: FoundBackup,
  t: ReturnType<typeof useTranslation>['t'],
  dateTime: (v: string) => string,
) {
  if (!found.usable || !found.createdAt) return wordsText(found.problem?.words, found.problem?.message ?? '');
  return t('backup.found', {
    when: dateTime(found.createdAt),
    sales: found.sales,
    receipt: found.lastReceipt ?? t('backup.noReceipt'),
  });
}

function RestoreSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useBackup((s) => s.status);
  const found = useBackup((s) => s.found);
  const foundProblem = useBackup((s) => s.foundProblem);
  const restored = useBackup((s) => s.restored);
  const [folder, setFolder] = useState(status?.folder ?? '');
  const [chosen, setChosen] = useState<string | null>(status?.pendingRestore ?? null);
  const [replace, setReplace] = useState(false);
  const look = useAction();
  const restore = useAction();
  if (!status) return null;
  const onLook = () =>
    void look.run(async () => {
      await useBackup.getState().list(folder.trim());
      setChosen(null);
      return ' ';
    });
  const onRestore = () =>
    void restore.run(async () => {
      if (!chosen) return;
      const result = await useBackup.getState().restore(chosen, replace);
      return t('backup.restored', { sales: result.sales, next: result.nextReceipt });
    });
  const services = (restored?.credentialsToEnter ?? []).map((s) => t(`status.service.${s}`));
  return (
    <SectionCard
      id="restore"
      title={t('backup.restoreTitle')}
      intro={t(status.newTill ? 'backup.restoreIntroNew' : 'backup.restoreIntro')}
    >
      {status.pendingRestore && <p className="notice notice-warn">{t('backup.pending')}</p>}
      <div className="field-grid">
        <Field label={t('backup.restoreFolder')} hint={t('backup.folderHint')}>
          <input value={folder} onChange={(e) => setFolder(e.target.value)} />
        </Field>
      </div>
      <div className="row">
        <button type="button" disabled={!folder.trim() || look.state.kind === 'busy'} onClick={onLook}>
          {t('backup.look')}
        </button>
      </div>
      {look.state.kind === 'error' && <ActionResult state={look.state} />}
      {foundProblem && <p role="status">{wordsText(foundProblem.words, foundProblem.message)}</p>}
      {found && found.length > 0 && (
        <fieldset className="backup-list">
          <legend className="field-label">{t('backup.choose')}</legend>
          {found.map((b) => (
            <label key={b.file} className="backup-choice">
              <input
                type="radio"
                name="backup-choice"
                value={b.file}
                disabled={!b.usable}
                checked={chosen === b.file}
                onChange={() => setChosen(b.file)}
              />
              {describe(b, t, (v) => format.dateTime(v))}
            </label>
          ))}
        </fieldset>
      )}
      {!status.newTill && (
        <Toggle
          label={t('backup.replace')}
          hint={t('backup.replaceHint')}
          checked={replace}
          onChange={setReplace}
        />
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!chosen || restore.state.kind === 'busy'}
          onClick={onRestore}
        >
          {t('backup.restore')}
        </button>
        <ActionResult state={restore.state} />
      </div>
      {restored && (
        <div role="status">
          {services.length > 0 && (
            <p className="notice notice-warn">{t('backup.enterAgain', { services: services.join(', ') })}</p>
          )}
          {restored.missingSales && (
            <p>{t('backup.gapAfterRestore', { count: restored.missingSales.count })}</p>
          )}
          <button type="button" className="primary" onClick={() => window.location.reload()}>
            {t('backup.carryOn')}
          </button>
        </div>
      )}
    </SectionCard>
  );
}

export function BackupScreen() {
  const { t } = useTranslation();
  const view = useSettings((s) => s.view);
  const status = useBackup((s) => s.status);
  const [problem, setProblem] = useState<unknown>(null);
  useEffect(() => {
    void useSettings.getState().load();
    useBackup.getState().load().catch(setProblem);
  }, []);
  const locked = view !== null && view.manager.pinSet && !isUnlocked(view, Date.now());
  const credentials = (status?.credentialsToEnter ?? []).map((s) => t(`status.service.${s}`));
  return (
    <section className="screen settings-screen" aria-labelledby="screen-title">
      <div className="settings-head">
        <h1 id="screen-title">{t('backup.screenTitle')}</h1>
      </div>
      <ErrorNotice error={problem} />
      <MissingSales />
      {credentials.length > 0 && (
        <p className="notice notice-warn" role="status">
          {t('backup.enterAgain', { services: credentials.join(', ') })}
        </p>
      )}
      {locked ? (
        <PinGate />
      ) : (
        // A till without sales is most likely a new PC: the restore comes first there.
        <div className="settings-sections">
          {status?.newTill ? (
            <>
              <RestoreSection />
              <BackupSection />
            </>
          ) : (
            <>
              <BackupSection />
              <RestoreSection />
            </>
          )}
        </div>
      )}
    </section>
  );
}

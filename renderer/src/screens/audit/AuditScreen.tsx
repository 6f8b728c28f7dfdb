// The Audit screen (managers): every change to staff, rights, products, prices, VAT and settings,
// newest first: when, who, which area, what, and before → after in words. Filters by person, area
// and days; Export CSV saves what the filters show (the export itself goes on the trail).
import { useEffect, useState } from 'react';
import { AUDIT_AREAS, type AuditArea, type AuditEntry, type AuditFilter } from '../../../../shared/contract';
import type { Currency } from '../../../../shared/money';
import { ProblemAndApproval } from '../../components/ProblemAndApproval';
import { saveCsvFile } from '../../components/save-file';
import { useFormat, useTranslation } from '../../i18n';
import { useAudit } from '../../state/audit';
import { useSettings } from '../../state/settings';
import { actionText, changeText, whoText } from './audit-words';
import './audit.css';

function Filters() {
  const { t } = useTranslation();
  const busy = useAudit((s) => s.busy);
  const people = useAudit((s) => s.people);
  const current = useAudit((s) => s.filter);
  const [personId, setPersonId] = useState(current.personId ?? '');
  const [area, setArea] = useState<string>(current.area ?? '');
  const [fromDay, setFromDay] = useState(current.fromDay ?? '');
  const [toDay, setToDay] = useState(current.toDay ?? '');
  const chosen = (): AuditFilter => ({
    ...(personId && { personId }),
    ...(area && { area: area as AuditArea }),
    ...(fromDay && { fromDay }),
    ...(toDay && { toDay }),
  });
  return (
    <form
      className="audit-filters panel"
      aria-label={t('audit.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        void useAudit.getState().load(chosen());
      }}
    >
      <div className="row wrap">
        <label className="field">
          {t('audit.person')}
          <select value={personId} onChange={(e) => setPersonId(e.target.value)}>
            <option value="">{t('audit.everyone')}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('audit.area')}
          <select value={area} onChange={(e) => setArea(e.target.value)}>
            <option value="">{t('audit.allAreas')}</option>
            {AUDIT_AREAS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.areas.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('audit.fromDay')}
          <input type="date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </label>
        <label className="field">
          {t('audit.toDay')}
          <input type="date" value={toDay} onChange={(e) => setToDay(e.target.value)} />
        </label>
      </div>
      <div className="row wrap">
        <button type="submit" className="primary" disabled={busy}>
          {t('audit.show')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setPersonId('');
            setArea('');
            setFromDay('');
            setToDay('');
            void useAudit.getState().load({});
          }}
        >
          {t('audit.clear')}
        </button>
        <button type="button" disabled={busy} onClick={() => void useAudit.getState().exportCsv()}>
          {t('audit.exportCsv')}
        </button>
      </div>
    </form>
  );
}

function Row({ entry, currency }: { entry: AuditEntry; currency: Currency }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <tr data-testid="audit-row">
      <td>{format.dateTime(entry.at)}</td>
      <td>{whoText(entry)}</td>
      <td>{t(`audit.areas.${entry.area}`)}</td>
      <td>{actionText(entry)}</td>
      <td>{changeText(entry, currency)}</td>
    </tr>
  );
}

function Entries() {
  const { t } = useTranslation();
  const { entries, nextBeforeSeq, busy, loaded } = useAudit();
  const currency = useSettings((s) => s.view?.settings.shop.currency ?? 'GBP');
  if (!loaded) return <p className="hint">{t('common.loading')}</p>;
  if (entries.length === 0) return <p role="status">{t('audit.nothing')}</p>;
  const columns = ['when', 'who', 'area', 'what', 'change'] as const;
  return (
    <>
      <table className="data-table audit-table" aria-label={t('audit.table')}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`audit.column.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <Row key={e.seq} entry={e} currency={currency} />
          ))}
        </tbody>
      </table>
      {nextBeforeSeq !== null && (
        <button type="button" disabled={busy} onClick={() => void useAudit.getState().more()}>
          {t('audit.older')}
        </button>
      )}
    </>
  );
}

export function AuditScreen() {
  const { t } = useTranslation();
  const { problem, notice, managerNeeded, busy, exported } = useAudit();

  useEffect(() => {
    void useAudit.getState().load();
  }, []);

  useEffect(() => {
    if (!exported) return;
    saveCsvFile(exported);
    useAudit.getState().exportTaken();
  }, [exported]);

  return (
    <section className="audit-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('audit.title')}</h1>
      <p className="hint">{t('audit.intro')}</p>
      {managerNeeded && (
        <p className="notice notice-warn" role="alert">
          {t('audit.managerOnly')}
        </p>
      )}
      <ProblemAndApproval
        problem={problem}
        managerNeeded={managerNeeded}
        busy={busy}
        onApprove={(pin) => useAudit.getState().approve(pin)}
      />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {!managerNeeded && (
        <>
          <Filters />
          <Entries />
        </>
      )}
    </section>
  );
}

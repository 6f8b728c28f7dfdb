// Card checks: the manager picks a card machine, runs the check (an X report compared with the
// till's journal), and settles each difference with a note. Past checks are listed below.
import { useEffect, useState } from 'react';
import type {
  DifferenceView,
  ReconciliationSource,
  ReconciliationView,
  SideTotals,
} from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ProblemAndApproval } from '../../components/ProblemAndApproval';
import { PastList } from '../../components/PastList';
import { useReconciliation } from '../../state/reconciliation';
import { listedTerminalName } from '../../state/terminals';
import { differenceWords } from './difference-words';
import './reconciliation.css';
import { currentFormat, i18n, useTranslation } from '../../i18n';

/** A moment in the shop's locale, or "not given". */
const when = (iso: string | null) =>
  iso ? currentFormat().dateTime(iso) : i18n.t('reconciliation.notGiven');

/** The checks offered; their words are `reconciliation.source.<source>`. */
const SOURCES: readonly ReconciliationSource[] = ['X_BAL', 'BANKING'];

function Totals({ label, totals, currency }: { label: string; totals: SideTotals; currency: string }) {
  const { t } = useTranslation();
  const money = (n: number) => formatMoney(n, currency);
  return (
    <div className="recon-side" aria-label={label}>
      <h3>{label}</h3>
      <p>
        {t('reconciliation.totals', {
          sales: money(totals.salesAmount),
          salesCount: totals.salesCount,
          refunds: money(totals.refundsAmount),
          refundsCount: totals.refundsCount,
        })}
      </p>
    </div>
  );
}

function Difference({ d, currency }: { d: DifferenceView; currency: string }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const busy = useReconciliation((s) => s.busy);
  const { title, detail } = differenceWords(d);
  return (
    <li className="recon-difference" aria-label={title}>
      <p className="recon-title">
        <strong>{title}</strong>
        {d.amount !== 0 && (
          <span className="hint">
            {t('reconciliation.onMachineSide', { amount: formatMoney(d.amount, currency) })}
          </span>
        )}
      </p>
      <p className="hint">{detail}</p>
      {d.transactionNumbers.length > 0 && (
        <p className="hint">
          {t('reconciliation.transactionNumbers', { numbers: d.transactionNumbers.join(', ') })}
        </p>
      )}
      {d.resolution ? (
        <p className="recon-resolved" role="status">
          {t('reconciliation.settledBy', {
            name: d.resolution.by?.name ?? t('reconciliation.theManager'),
            when: when(d.resolution.at),
            note: d.resolution.note,
          })}
        </p>
      ) : (
        <form
          className="row wrap"
          onSubmit={(e) => {
            e.preventDefault();
            void useReconciliation.getState().resolve(d.id, note.trim());
          }}
        >
          <label className="field">
            {t('reconciliation.note')}
            <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || note.trim().length === 0}>
            {t('reconciliation.resolve')}
          </button>
        </form>
      )}
    </li>
  );
}

function CheckResult({ view }: { view: ReconciliationView }) {
  const { t } = useTranslation();
  const open = view.differences.filter((d) => !d.resolution).length;
  return (
    <section className="panel recon-result" aria-label={t('reconciliation.result')}>
      <h2>
        {t(view.checkedBy ? 'reconciliation.checkedBy' : 'reconciliation.checked', {
          terminal: view.terminalName,
          when: when(view.checkedAt),
          name: view.checkedBy?.name,
        })}
      </h2>
      {view.since && <p className="hint">{t('reconciliation.since', { when: when(view.since) })}</p>}
      <div className="row wrap">
        <Totals label={t('reconciliation.onMachine')} totals={view.terminal} currency={view.currency} />
        <Totals label={t('reconciliation.inTill')} totals={view.till} currency={view.currency} />
      </div>
      {view.differences.length === 0 ? (
        <p className="notice recon-agree" role="status">
          {t('reconciliation.agree')}
        </p>
      ) : (
        <>
          <p role="status">
            {open > 0
              ? t('reconciliation.differences', { count: view.differences.length, open })
              : t('reconciliation.differencesSettled', { count: view.differences.length })}
          </p>
          <ul className="recon-differences">
            {view.differences.map((d) => (
              <Difference key={d.id} d={d} currency={view.currency} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ReconciliationScreen() {
  const { t } = useTranslation();
  const { terminals, history, current, busy, problem, managerNeeded } = useReconciliation();
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');

  useEffect(() => {
    useReconciliation.getState().reset();
    void useReconciliation.getState().load();
  }, []);

  const chosen = terminals?.find((t) => t.terminalId === terminalId) ?? terminals?.[0];

  return (
    <section className="screen reconciliation-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">{t('reconciliation.title')}</h1>
      </div>
      <p className="hint">{t('reconciliation.intro')}</p>
      {terminals && terminals.length === 0 && <p className="hint">{t('reconciliation.noTerminals')}</p>}
      {chosen && terminals && (
        <div className="recon-controls">
          <label className="field">
            {t('reconciliation.cardMachine')}
            <select value={chosen.terminalId} onChange={(e) => setTerminalId(e.target.value)}>
              {terminals.map((terminal) => (
                <option key={terminal.terminalId} value={terminal.terminalId}>
                  {t('reconciliation.terminalOption', {
                    name: listedTerminalName(terminal),
                    currency: terminal.currency,
                  })}
                </option>
              ))}
            </select>
          </label>
          <form
            className="row wrap"
            onSubmit={(e) => {
              e.preventDefault();
              void useReconciliation.getState().name(chosen.terminalId, newName.trim());
              setNewName('');
            }}
          >
            <label className="field">
              {t('reconciliation.nameIt')}
              <input
                value={newName}
                maxLength={40}
                placeholder={t('reconciliation.namePlaceholder')}
                onChange={(e) => setNewName(e.target.value)}
              />
            </label>
            <button type="submit" disabled={busy || newName.trim().length === 0}>
              {t('reconciliation.saveName')}
            </button>
          </form>
          <ul className="recon-sources">
            {SOURCES.map((source) => (
              <li key={source}>
                <button
                  type="button"
                  className={source === 'X_BAL' ? 'primary' : undefined}
                  disabled={busy}
                  onClick={() => void useReconciliation.getState().check(chosen.terminalId, source)}
                >
                  {t(`reconciliation.source.${source}.label`)}
                </button>
                <span className="hint">{t(`reconciliation.source.${source}.what`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {busy && (
        <p className="hint" role="status">
          {t('reconciliation.working')}
        </p>
      )}
      <ProblemAndApproval
        problem={problem}
        managerNeeded={managerNeeded}
        busy={busy}
        onApprove={(pin) => useReconciliation.getState().approve(pin)}
      />
      {current && <CheckResult view={current} />}
      <PastList
        title={t('reconciliation.past')}
        className="recon-history"
        items={history}
        keyOf={(h) => h.id}
        line={(h) =>
          t(
            h.differences === 0
              ? 'reconciliation.pastNone'
              : h.unresolved > 0
                ? 'reconciliation.pastOpen'
                : 'reconciliation.pastSettled',
            { when: when(h.checkedAt), terminal: h.terminalName, count: h.differences, open: h.unresolved },
          )
        }
        onOpen={(h) => void useReconciliation.getState().open(h.id)}
      />
    </section>
  );
}

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
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { useReconciliation } from '../../state/reconciliation';
import './reconciliation.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : 'not given');

const SOURCES: ReadonlyArray<{ source: ReconciliationSource; label: string; what: string }> = [
  { source: 'X_BAL', label: 'Run the check', what: 'Reads the card machine’s X report. Resets nothing.' },
  {
    source: 'BANKING',
    label: 'Check with banking',
    what: 'Sends the takings to the bank (a new banking session starts) and checks its transaction numbers too.',
  },
];

function Totals({ label, totals, currency }: { label: string; totals: SideTotals; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <div className="recon-side" aria-label={label}>
      <h3>{label}</h3>
      <p>
        Sales {money(totals.salesAmount)} ({totals.salesCount}) · Refunds {money(totals.refundsAmount)} (
        {totals.refundsCount})
      </p>
    </div>
  );
}

function Difference({ d, currency }: { d: DifferenceView; currency: string }) {
  const [note, setNote] = useState('');
  const busy = useReconciliation((s) => s.busy);
  return (
    <li className="recon-difference" aria-label={d.title}>
      <p className="recon-title">
        <strong>{d.title}</strong>
        {d.amount !== 0 && (
          <span className="hint"> ({formatMoney(d.amount, currency)} on the card machine’s side)</span>
        )}
      </p>
      <p className="hint">{d.detail}</p>
      {d.transactionNumbers.length > 0 && (
        <p className="hint">Card machine transaction numbers: {d.transactionNumbers.join(', ')}</p>
      )}
      {d.resolution ? (
        <p className="recon-resolved" role="status">
          Settled by {d.resolution.by?.name ?? 'the manager'} at {when(d.resolution.at)}: “{d.resolution.note}
          ”
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
            Note
            <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || note.trim().length === 0}>
            Resolve
          </button>
        </form>
      )}
    </li>
  );
}

function CheckResult({ view }: { view: ReconciliationView }) {
  const open = view.differences.filter((d) => !d.resolution).length;
  return (
    <section className="panel recon-result" aria-label="Check result">
      <h2>
        {view.terminalName} · checked {when(view.checkedAt)}
        {view.checkedBy && ` by ${view.checkedBy.name}`}
      </h2>
      {view.since && <p className="hint">Comparing everything since {when(view.since)}.</p>}
      <div className="row wrap">
        <Totals label="On the card machine" totals={view.terminal} currency={view.currency} />
        <Totals label="In the till" totals={view.till} currency={view.currency} />
      </div>
      {view.differences.length === 0 ? (
        <p className="notice recon-agree" role="status">
          No differences: the card machine and the till agree.
        </p>
      ) : (
        <>
          <p role="status">
            {view.differences.length} {view.differences.length === 1 ? 'difference' : 'differences'}
            {open > 0 ? `, ${open} still to settle` : ', all settled'}.
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
        <h1 id="screen-title">Card checks</h1>
      </div>
      <p className="hint">Compare each card machine with the till’s own record of card payments.</p>
      {terminals && terminals.length === 0 && <p className="hint">No card machines are set up.</p>}
      {chosen && terminals && (
        <div className="recon-controls">
          <label className="field">
            Card machine
            <select value={chosen.terminalId} onChange={(e) => setTerminalId(e.target.value)}>
              {terminals.map((t) => (
                <option key={t.terminalId} value={t.terminalId}>
                  {t.name} ({t.currency})
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
              Name it
              <input
                value={newName}
                maxLength={40}
                placeholder="e.g. Front counter"
                onChange={(e) => setNewName(e.target.value)}
              />
            </label>
            <button type="submit" disabled={busy || newName.trim().length === 0}>
              Save name
            </button>
          </form>
          <ul className="recon-sources">
            {SOURCES.map((s) => (
              <li key={s.source}>
                <button
                  type="button"
                  className={s.source === 'X_BAL' ? 'primary' : undefined}
                  disabled={busy}
                  onClick={() => void useReconciliation.getState().check(chosen.terminalId, s.source)}
                >
                  {s.label}
                </button>
                <span className="hint">{s.what}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {busy && (
        <p className="hint" role="status">
          Working…
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
          busy={busy}
          onApprove={(pin) => useReconciliation.getState().approve(pin)}
        />
      )}
      {current && <CheckResult view={current} />}
      {history.length > 0 && (
        <section className="panel" aria-label="Past checks">
          <h2>Past checks</h2>
          <ul className="recon-history">
            {history.map((h) => (
              <li key={h.id}>
                <button type="button" onClick={() => void useReconciliation.getState().open(h.id)}>
                  {when(h.checkedAt)} · {h.terminalName} ·{' '}
                  {h.differences === 0
                    ? 'no differences'
                    : `${h.differences} ${h.differences === 1 ? 'difference' : 'differences'}${h.unresolved > 0 ? `, ${h.unresolved} to settle` : ', settled'}`}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

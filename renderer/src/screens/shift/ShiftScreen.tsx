// The cash drawer: open a shift with the float counted by note and coin, put cash in or take it
// out with a reason, and close with the drawer counted: expected against counted. With blind
// counting the expected cash shows only once the count is in.
import { useEffect, useState } from 'react';
import { CASH_MOVEMENT_REASONS, type CashMovementReason, type ShiftView } from '../../../../shared/contract';
import { parseAmount } from '../../../../shared/money';
import { ProblemAndApproval } from '../../components/ProblemAndApproval';
import { PastList } from '../../components/PastList';
import { useFormat, useTranslation } from '../../i18n';
import { useShift } from '../../state/shift';
import { useWorkInProgress } from '../../state/work-in-progress';
import { countsFrom, DenominationCountForm, totalOf, type Counts } from './DenominationCount';
import './shift.css';

function CountAndSubmit({
  purpose,
  onSubmit,
}: {
  purpose: 'open' | 'close';
  onSubmit: (counts: Counts) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { setup, busy } = useShift();
  const [counts, setCounts] = useState<Counts>({});
  // A count begun and not yet saved holds the idle sign-out (it may take longer than the idle time).
  useWorkInProgress(
    `drawer-count-${purpose}`,
    'cash-count',
    Object.values(counts).some((c) => c.trim() !== ''),
  );
  if (!setup) return null;
  const parsed = countsFrom(counts);
  const total = format.money(parsed ? totalOf(parsed) : 0, setup.currency);
  return (
    <form
      className="panel"
      aria-label={t(purpose === 'open' ? 'shopDay.shift.countFloat' : 'shopDay.shift.countDrawer')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(counts);
      }}
    >
      <h2>{t(purpose === 'open' ? 'shopDay.shift.countFloat' : 'shopDay.shift.countDrawer')}</h2>
      <DenominationCountForm
        setup={setup}
        counts={counts}
        onChange={setCounts}
        label={t(purpose === 'open' ? 'shopDay.shift.countFloat' : 'shopDay.shift.countDrawer')}
      />
      <button type="submit" className="primary" disabled={busy || parsed === null}>
        {t(purpose === 'open' ? 'shopDay.shift.openWith' : 'shopDay.shift.closeWith', { amount: total })}
      </button>
    </form>
  );
}

function CashMoveForm({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const busy = useShift((s) => s.busy);
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const [reason, setReason] = useState<CashMovementReason>('paid_out');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="panel row wrap"
      aria-label={t('shopDay.move.title')}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseAmount(amount);
        if (!parsed.ok) return setProblem(t(`amount.${parsed.problem}`, { text: amount }));
        setProblem(null);
        void useShift
          .getState()
          .moveCash({ direction, reason, note, amount: parsed.minor })
          .then((ok) => {
            if (ok) {
              setAmount('');
              setNote('');
            }
          });
      }}
    >
      <h2>{t('shopDay.move.title')}</h2>
      <label className="field">
        {t('shopDay.move.direction')}
        <select value={direction} onChange={(e) => setDirection(e.target.value as 'in' | 'out')}>
          <option value="out">{t('shopDay.move.out')}</option>
          <option value="in">{t('shopDay.move.in')}</option>
        </select>
      </label>
      <label className="field">
        {t('shopDay.move.reason')}
        <select value={reason} onChange={(e) => setReason(e.target.value as CashMovementReason)}>
          {CASH_MOVEMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`shopDay.reason.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('shopDay.move.amount', { currency })}
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label className="field">
        {t('shopDay.move.note')}
        <input value={note} maxLength={120} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || amount.trim() === ''}>
        {t('shopDay.move.record')}
      </button>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function ClosedResult({ shift }: { shift: ShiftView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (minor: number | null) => format.money(minor ?? 0, shift.currency);
  const difference = shift.difference ?? 0;
  const words =
    difference === 0
      ? 'shopDay.closed.exact'
      : difference > 0
        ? 'shopDay.closed.over'
        : 'shopDay.closed.short';
  return (
    <section className="panel shift-result" aria-label={t('shopDay.closed.title', { number: shift.number })}>
      <h2>{t('shopDay.closed.title', { number: shift.number })}</h2>
      <dl className="shift-figures">
        <dt>{t('shopDay.closed.expected')}</dt>
        <dd data-testid="shift-expected">{money(shift.expected)}</dd>
        <dt>{t('shopDay.closed.counted')}</dt>
        <dd data-testid="shift-counted">{money(shift.counted)}</dd>
        <dt>{t('shopDay.closed.difference')}</dt>
        <dd data-testid="shift-difference">{money(difference)}</dd>
      </dl>
      <p role="status">
        {t(words, {
          amount: money(Math.abs(difference)),
          name: shift.countedBy?.name ?? t('shopDay.nobody'),
        })}
      </p>
    </section>
  );
}

function OpenShift({ shift }: { shift: ShiftView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (minor: number) => format.money(minor, shift.currency);
  return (
    <section className="panel" aria-label={t('shopDay.shift.openTitle', { number: shift.number })}>
      <h2>{t('shopDay.shift.openTitle', { number: shift.number })}</h2>
      <p>
        {t('shopDay.shift.openSince', {
          time: format.dateTime(shift.openedAt),
          name: shift.openedBy?.name ?? t('shopDay.nobody'),
          float: money(shift.float),
        })}
      </p>
      <p role="status" data-testid="shift-expected-now">
        {shift.expected === null
          ? t('shopDay.shift.blindNow')
          : t('shopDay.shift.expectedNow', { amount: money(shift.expected) })}
      </p>
      {shift.movements.length > 0 && (
        <ul className="shift-movements" aria-label={t('shopDay.move.list')}>
          {shift.movements.map((m, i) => (
            <li key={i}>
              {t(m.direction === 'in' ? 'shopDay.move.inRow' : 'shopDay.move.outRow', {
                amount: money(m.amount),
                reason: t(`shopDay.reason.${m.reason}`),
                time: format.time(m.at),
                name: m.by?.name ?? t('shopDay.nobody'),
              })}
              {m.note && ` · ${m.note}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ShiftScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { setup, current, closed, history, problem, busy, managerNeeded } = useShift();

  useEffect(() => {
    void useShift.getState().load();
  }, []);

  const submit = (purpose: 'open' | 'close') => (counts: Counts) => {
    const list = countsFrom(counts);
    if (!list) return;
    void (purpose === 'open' ? useShift.getState().open(list) : useShift.getState().close(list));
  };

  return (
    <section className="screen shift-screen" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">{t('shopDay.shift.title')}</h1>
      </div>
      <ProblemAndApproval
        problem={problem}
        managerNeeded={managerNeeded}
        busy={busy}
        onApprove={(pin) => useShift.getState().approve(pin)}
      />
      {closed && <ClosedResult shift={closed} />}
      {setup && !current && (
        <>
          <p className="hint">{t('shopDay.shift.none')}</p>
          <CountAndSubmit key="open" purpose="open" onSubmit={submit('open')} />
        </>
      )}
      {setup && current && (
        <>
          <OpenShift shift={current} />
          <CashMoveForm currency={current.currency} />
          <CountAndSubmit key="close" purpose="close" onSubmit={submit('close')} />
        </>
      )}
      {setup && (
        <label className="row">
          <input
            type="checkbox"
            checked={setup.blindCount}
            disabled={busy}
            onChange={(e) => void useShift.getState().setBlindCount(e.target.checked)}
          />
          {t('shopDay.shift.blindSetting')}
        </label>
      )}
      <PastList
        title={t('shopDay.shift.past')}
        className="shift-history"
        items={history.filter((s) => s.state === 'closed')}
        keyOf={(s) => s.id}
        line={(s) =>
          t('shopDay.shift.pastRow', {
            number: s.number,
            time: format.dateTime(s.closedAt ?? s.openedAt),
            difference: format.money(s.difference ?? 0, s.currency),
            name: s.countedBy?.name ?? t('shopDay.nobody'),
          })
        }
      />
    </section>
  );
}

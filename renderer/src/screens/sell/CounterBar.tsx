// The counter's own actions beside the Sell heading: parked sales (list and resume), No-sale
// (open the drawer with a reason; a supervisor approves a cashier's), and reprint the last receipt.
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { formatMoney } from '../../../../shared/money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { useFormat, useTranslation } from '../../i18n';
import { useSale } from '../../state/sale';
import { focusSearch } from './useSellKeys';

/** Whether the No-sale form is open: its approval shows there rather than in the basket. */
export const useNoSaleOpen = create<{ open: boolean; set(open: boolean): void }>((set) => ({
  open: false,
  set: (open) => set({ open }),
}));

function ParkedList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const parked = useSale((s) => s.parked);
  const busy = useSale((s) => s.busy);
  return (
    <div className="counter-popover" role="region" aria-label={t('counter.parked.title')}>
      <h2>{t('counter.parked.title')}</h2>
      {parked.length === 0 ? (
        <p className="hint">{t('counter.parked.none')}</p>
      ) : (
        <ul className="parked-list">
          {parked.map((p) => (
            <li key={p.parkedId}>
              <span>
                {t('counter.parked.summary', {
                  items: t('counter.basket.items', { count: p.itemCount }),
                  total: formatMoney(p.total, p.currency),
                  time: format.time(p.parkedAt),
                })}
                {p.note && <strong> · {p.note}</strong>}
              </span>
              <button
                type="button"
                className="primary"
                disabled={busy}
                onClick={() => void useSale.getState().resumeParked(p.parkedId).then(onClose)}
              >
                {t('counter.parked.resume')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

function NoSaleForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const busy = useSale((s) => s.busy);
  const counterNeeded = useSale((s) => s.counterNeeded);
  return (
    <section className="counter-popover" aria-label={t('counter.noSale.title')}>
      <h2>{t('counter.noSale.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return;
          void useSale
            .getState()
            .noSale(reason.trim())
            .then((done) => done && onClose());
        }}
      >
        <label className="field">
          {t('counter.noSale.reason')}
          <input autoFocus maxLength={120} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <div className="row">
          <button type="submit" className="primary" disabled={busy || !reason.trim()}>
            {t('counter.noSale.open')}
          </button>
          <button
            type="button"
            onClick={() => {
              useSale.getState().cancelCounter();
              onClose();
            }}
          >
            {t('common.cancel')}
          </button>
        </div>
      </form>
      {counterNeeded && (
        <ManagerPinForm
          reason={counterNeeded}
          busy={busy}
          onApprove={async (pin) => {
            await useSale.getState().approveCounter(pin);
            // Approved and done: the No-sale went through, the form closes.
            const { counterNeeded: still, problem } = useSale.getState();
            if (!still && !problem) onClose();
          }}
        />
      )}
    </section>
  );
}

export function CounterBar() {
  const { t } = useTranslation();
  const [showParked, setShowParked] = useState(false);
  const noSaleOpen = useNoSaleOpen((s) => s.open);
  const setNoSaleOpen = useNoSaleOpen((s) => s.set);
  const parkedCount = useSale((s) => s.parked.length);
  const busy = useSale((s) => s.busy);
  useEffect(() => {
    void useSale.getState().loadParked();
  }, []);
  return (
    <div className="counter-bar">
      <button type="button" aria-expanded={showParked} onClick={() => setShowParked((v) => !v)}>
        {t('counter.parked.button', { count: parkedCount })}
      </button>
      <button type="button" aria-expanded={noSaleOpen} onClick={() => setNoSaleOpen(!noSaleOpen)}>
        {t('counter.noSale.button')}
      </button>
      <button type="button" disabled={busy} onClick={() => void useSale.getState().reprintLast()}>
        {t('counter.receipt.reprintLast')}
      </button>
      {showParked && (
        <ParkedList
          onClose={() => {
            setShowParked(false);
            focusSearch();
          }}
        />
      )}
      {noSaleOpen && (
        <NoSaleForm
          onClose={() => {
            setNoSaleOpen(false);
            focusSearch();
          }}
        />
      )}
    </div>
  );
}

// The counter around a sale on the Sell screen: typed quantities, line and basket discounts and
// price changes (sent as intents with `sales.open`: the services work out the money and ask for a
// supervisor when the shop's rules say so), the one-key payments, parked sales, No-sale and the
// receipt after payment.
import type { GuardedAction, NoSaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/till-error';
import { defaultTerminal } from './terminals';
import { useSettings } from './settings';
import { withLine } from './basket';
import { createManagerApproval } from './manager-approval';
import type { CounterActions, SaleKit } from './sale-state';
import { i18n } from '../i18n';
import { wordsText } from '../i18n/words';

export const COUNTER_NEEDS_APPROVAL = 'this needs a supervisor or manager';

export function counterActions(kit: SaleKit): CounterActions {
  const { api, get, set, run } = kit;
  const approval = createManagerApproval(api, (counterNeeded) => set({ counterNeeded }));
  /** Approvals given for the sale being opened: the services ask for a price change first. */
  let approvedForOpening: GuardedAction[] = [];
  const editLines = (edit: Parameters<typeof withLine>[2], productId: string) => {
    if (!get().sale) set({ lines: withLine(get().lines, productId, edit) });
  };

  /** Opens the sale for the basket; true when it is open (now or already). */
  const openSale = async (): Promise<boolean> => {
    const { sale, lines, basketDiscount, index } = get();
    if (sale) return true;
    if (lines.length === 0) return false;
    const overridden = lines.some(
      (l) => l.priceOverride && l.priceOverride.unitPrice !== index?.byId.get(l.productId)?.price,
    );
    const action: GuardedAction =
      overridden && !approvedForOpening.includes('price-override') ? 'price-override' : 'discount';
    let opened = false;
    await run(async () => {
      const call = () =>
        api.invoke('sales.open', { lines, ...(basketDiscount && { discount: basketDiscount }) });
      const again = async () => {
        approvedForOpening.push(action);
        await get().pay();
      };
      const sale = await approval
        .attempt(COUNTER_NEEDS_APPROVAL, call, again, action)
        .catch((error: unknown) => {
          // The catalogue changed and this screen missed it: reload, so the basket offers the new price.
          if (error instanceof TillError && error.code === 'price_changed') void get().refreshCatalogue();
          throw error;
        });
      approvedForOpening = [];
      // A sale given away in full opens already paid.
      set({
        sale,
        phase: sale.state === 'completed' ? 'completed' : 'tender',
        payment: null,
        tenderMethod: 'card',
        note: null,
      });
      opened = true;
    });
    return opened;
  };

  return {
    setPendingQuantity: (pendingQuantity) => set({ pendingQuantity }),
    setLineDiscount: (productId, discount) => editLines({ discount: discount ?? undefined }, productId),
    setLinePrice: (productId, override) => editLines({ priceOverride: override ?? undefined }, productId),
    setBasketDiscount(basketDiscount) {
      if (!get().sale) set({ basketDiscount });
    },

    async pay() {
      if (get().sale) {
        set({ phase: 'tender', problem: null });
        return;
      }
      await openSale();
    },
    async payByCard() {
      if (!(await openSale())) return;
      const sale = get().sale!;
      await run(async () => {
        if (!get().terminalId) {
          const list = await api.invoke('terminals.list', { currency: sale.currency });
          const chosen = useSettings.getState().view?.settings.payAtCounter.defaultTerminalId;
          const terminal = defaultTerminal(list, { currency: sale.currency, terminalId: chosen });
          if (!terminal) throw new Error(i18n.t('sell.notes.noTerminal', { currency: sale.currency }));
          set({ terminalId: terminal.terminalId });
        }
      });
      if (get().terminalId && get().sale?.due) await get().payCard(get().sale!.due);
    },
    async payCashNow() {
      if (await openSale()) set({ tenderMethod: 'cash' });
    },
    async payExactCash() {
      if (!(await openSale())) return;
      set({ tenderMethod: 'cash' });
      const due = get().sale?.due ?? 0;
      if (due > 0) await get().payCash(due);
    },

    async park(note) {
      const { lines, basketDiscount, sale } = get();
      if (lines.length === 0) return;
      await run(async () => {
        const parked = await api.invoke('counter.park', {
          lines,
          note,
          ...(basketDiscount && { discount: basketDiscount }),
          ...(sale && { saleId: sale.saleId }),
        });
        set({
          sale: null,
          payment: null,
          lines: [],
          basketDiscount: null,
          phase: 'basket',
          note: parked.note
            ? i18n.t('sell.notes.parkedNote', { note: parked.note })
            : i18n.t('sell.notes.parked'),
        });
        await get().loadParked();
      });
    },
    async loadParked() {
      try {
        set({ parked: await api.invoke('counter.parked', {}) });
      } catch {
        // The list stays as it was; the next park or resume loads it again.
      }
    },
    async resumeParked(parkedId) {
      if (get().sale || get().lines.length > 0) {
        set({ note: i18n.t('sell.notes.finishParkFirst') });
        return;
      }
      await run(async () => {
        const parked = await api.invoke('counter.resume', { parkedId });
        set({
          lines: parked.lines,
          basketDiscount: parked.discount,
          phase: 'basket',
          note: parked.note
            ? i18n.t('sell.notes.resumedNote', { note: parked.note })
            : i18n.t('sell.notes.resumed'),
        });
        await get().loadParked();
      });
    },

    async noSale(reason) {
      let result: NoSaleView | null = null;
      await run(async () => {
        const done = await approval.attempt(
          COUNTER_NEEDS_APPROVAL,
          () => api.invoke('counter.noSale', { reason }),
          async () => {
            await get().noSale(reason);
          },
          'no-sale',
        );
        result = done;
        set({ note: wordsText(done.words, done.message) });
      });
      return result;
    },

    async printReceipt() {
      const { sale } = get();
      if (!sale) return;
      await run(async () => {
        const answer = await api.invoke('counter.printReceipt', { saleId: sale.saleId });
        set({ receiptMessage: wordsText(answer.words, answer.message) });
      });
    },
    async reprintLast() {
      await run(async () => {
        const answer = await api.invoke('counter.reprintLast', {});
        const said = wordsText(answer.words, answer.message);
        set({ receiptMessage: said, note: said });
      });
    },

    approveCounter: (pin) => run(() => approval.approve(pin)),
    cancelCounter() {
      approvedForOpening = [];
      approval.cancel();
    },
  };
}

// A till with staff and a supervisor serving, and sales made through the contract: paid by card
// (the sandbox card machine approves), by cash, or split.
import type { Product, SaleView } from '../../../shared/contract';
import { setUpStaff, type TestStaff } from '../../support/staff';
import { startTestTill, type TestTill } from '../../support/till';

export const TERMINAL = '22900001';

export interface HistoryTill {
  t: TestTill;
  staff: TestStaff;
  products: Product[];
}

export async function startHistoryTill(): Promise<HistoryTill> {
  const t = await startTestTill({ drivenClock: true });
  const products = (await t.call('catalogue.get', {})).products.filter((p) => p.price > 0);
  const staff = await setUpStaff(t.call, { signIn: 'supervisor' });
  return { t, staff, products };
}

/** A card amount the sandbox approves by chip and PIN (no script claims its last two digits). */
export function approvedByCard(amount: number): boolean {
  const suffix = amount % 100;
  return suffix === 0 || suffix > 13;
}

/** Opens a sale and pays `card` of it by card (approved) and the rest in cash; waits until completed. */
export async function paidSale(
  t: TestTill,
  lines: Array<{ productId: string; quantity: number }>,
  card: 'all' | 'none' | number,
): Promise<SaleView> {
  const sale = await t.call('sales.open', { lines });
  const cardAmount = card === 'all' ? sale.total : card === 'none' ? 0 : card;
  if (cardAmount < sale.total) {
    await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total - cardAmount });
  }
  if (cardAmount > 0) {
    if (!approvedByCard(cardAmount)) throw new Error(`the sandbox would not simply approve ${cardAmount}`);
    const done = t.waitForEvent(
      'sales.updated',
      (s) => s.saleId === sale.saleId && s.state === 'completed',
      20_000,
    );
    await t.call('sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: cardAmount });
    return done;
  }
  return t.call('sales.get', { saleId: sale.saleId });
}

/** Lines of distinct products whose total the sandbox approves by card. */
export function cardBasket(
  products: readonly Product[],
  count: number,
  quantity = 1,
): Array<{ productId: string; quantity: number }> {
  for (let start = 0; start + count <= products.length; start++) {
    const picked = products.slice(start, start + count);
    const total = picked.reduce((sum, p) => sum + p.price * quantity, 0);
    if (approvedByCard(total)) return picked.map((p) => ({ productId: p.id, quantity }));
  }
  throw new Error('no basket the sandbox approves by card');
}

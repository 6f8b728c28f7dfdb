// A random day of a till's journal, from a seed, for the contribution property tests and the
// shop-report benchmark: sales in cash, on card machines (named, unnamed, not known), keyed in by
// hand and split; discounts, price changes, voids and sales set aside; card refunds without items
// (paid or not, in the shop's currency or not); itemised refunds in cash, to the card and split,
// of the day's sales and of an earlier day's; No-sales, cash in and out, counted shifts; several
// cashiers (and nobody signed in), categories and VAT rates; and times across the shop's midnight
// and a change of its clocks. Amounts are integer minor units.
import type { CashMovementReason, ShiftView, StaffStamp } from '../../shared/contract';
import { namedTerminal } from '../../shared/terminal-names';
import type { ReportFact } from '../../electron/services/till-reports/contribution';
import type {
  CardPaymentFact,
  CashRefundFact,
  DayFacts,
  EndedSale,
  ItemsGivenBack,
} from '../../electron/services/till-reports/sources';
import type { CashMovement } from '../../electron/services/shifts/store';

export const ANN: StaffStamp = { id: 'ann', name: 'Ann' };
export const BEN: StaffStamp = { id: 'ben', name: 'Ben' };
export const CY: StaffStamp = { id: 'cy', name: 'Cy' };
const PEOPLE = [ANN, BEN, CY, null];

/** Each product's category (none for the old stock) and VAT rate (none kept for the old stock). */
export const PRODUCTS = [
  { id: 'espresso', category: 'Drinks', vatRate: 2000 },
  { id: 'tea', category: 'Drinks', vatRate: 2000 },
  { id: 'cake', category: 'Food', vatRate: 500 },
  { id: 'sandwich', category: 'Food', vatRate: 700 },
  { id: 'paper', category: 'Newspapers', vatRate: 0 },
  { id: 'mug', category: 'Gifts', vatRate: 2000 },
  { id: 'old-stock', category: null, vatRate: null },
] as const;

/** T1 and T3 named by the shop, T2 not. */
export const TERMINAL_NAMES = { T1: 'Front counter', T3: 'Bar' };
const TERMINALS = ['T1', 'T2', 'T3'];

/** Windows of the shop's time across its midnight and a change of its clocks. */
export const WINDOWS = [
  // Berlin: midnight at 23:00 UTC, clocks forward at 01:00 UTC (02:00 → 03:00).
  { timeZone: 'Europe/Berlin', from: '2026-03-28T20:30:00.000Z', hours: 8 },
  // Berlin: clocks back at 01:00 UTC (03:00 → 02:00): the hour 02 comes twice.
  { timeZone: 'Europe/Berlin', from: '2026-10-24T20:30:00.000Z', hours: 8 },
  // London: midnight at 00:00 UTC, clocks forward at 01:00 UTC.
  { timeZone: 'Europe/London', from: '2026-03-28T21:00:00.000Z', hours: 6 },
  // New York: midnight at 05:00 UTC, clocks forward at 07:00 UTC.
  { timeZone: 'America/New_York', from: '2026-03-08T02:00:00.000Z', hours: 8 },
  // Kathmandu (UTC+05:45): midnight at 18:15 UTC, hours that start at a quarter past.
  { timeZone: 'Asia/Kathmandu', from: '2026-06-01T15:00:00.000Z', hours: 6 },
] as const;

/** A small, fast generator (mulberry32): the same seed, the same day. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

export interface RandomDay {
  timeZone: string;
  facts: DayFacts;
  /** The journal's rows, each the facts it carries (a refund: its cash part, then its items). */
  rows: ReportFact[][];
  /** Every card payment the journal knows, with its card machine. */
  paymentTerminals: ReadonlyMap<string, string>;
}

export function randomDay(seed: number, size: { sales?: number } = {}): RandomDay {
  const r = random(seed);
  const window = r.pick(WINDOWS);
  const start = Date.parse(window.from);
  const time = () => new Date(start + r.int(0, window.hours * 3_600_000 - 1)).toISOString();
  const paymentTerminals = new Map<string, string>();
  const cardPayments: CardPaymentFact[] = [];
  const payment = (over: Partial<CardPaymentFact> & Pick<CardPaymentFact, 'id' | 'type'>) =>
    cardPayments.push({
      terminalId: r.pick(TERMINALS),
      amount: null,
      currency: 'GBP',
      paid: true,
      createdAt: time(),
      saleId: null,
      itemised: false,
      by: r.pick(PEOPLE),
      ...over,
    });

  const line = (k: number): EndedSale['lines'][number] => {
    const product = r.pick(PRODUCTS);
    const quantity = r.int(1, 3);
    const unitPrice = r.int(20, 1500);
    const full = quantity * unitPrice;
    // A quarter discounted (a line or a basket share), a few above their price (no discount).
    const lineTotal = r.chance(0.25)
      ? full - r.int(1, Math.max(1, Math.floor(full / 3)))
      : r.chance(0.05)
        ? full + r.int(1, 5)
        : full;
    return {
      productId: product.id,
      sku: product.id,
      name: `${product.id} ${k}`,
      quantity,
      unitPrice,
      lineTotal,
      vatRate: product.vatRate,
      priceOverride: r.chance(0.15)
        ? { listPrice: unitPrice + r.int(-40, 200), reason: 'Damaged', by: ANN }
        : null,
    };
  };

  const sales: EndedSale[] = [];
  const salesCount = size.sales ?? r.int(0, 30);
  for (let i = 0; i < salesCount; i++) {
    const at = time();
    const lines = Array.from({ length: r.int(1, 4) }, (_, k) => line(k));
    const total = lines.reduce((a, l) => a + l.lineTotal, 0);
    const base = {
      saleId: `sale-${seed}-${i}`,
      receiptNumber: `S${String(i).padStart(6, '0')}`,
      currency: 'GBP',
      lines,
      total,
      servedBy: r.pick(PEOPLE),
      createdAt: new Date(Date.parse(at) - r.int(0, 600_000)).toISOString(),
    };
    if (r.chance(0.12)) {
      const endedBecause = r.pick(['voided', null, 'parked', 'not_issued'] as const);
      sales.push({ ...base, state: 'abandoned', endedBecause, completedAt: null, tenders: [] });
      continue;
    }
    // Paid in up to three parts, each in cash, on a card machine or keyed in by hand.
    const parts = r.int(1, 3);
    let left = total;
    const tenders: EndedSale['tenders'] = [];
    for (let k = 0; k < parts; k++) {
      const amount = k === parts - 1 ? left : r.int(0, left);
      left -= amount;
      const kind = r.pick(['cash', 'card', 'manual_card'] as const);
      let paymentId: string | null = null;
      if (kind === 'card' && r.chance(0.9)) {
        paymentId = `pay-${seed}-${i}-${k}`;
        // Most payments the journal knows (some begun before the day); a few it cannot place.
        if (r.chance(0.9)) {
          const terminalId = r.pick(TERMINALS);
          paymentTerminals.set(paymentId, terminalId);
          if (r.chance(0.7))
            payment({ id: paymentId, type: 'SALE', terminalId, amount, saleId: base.saleId });
        }
      }
      tenders.push({ kind, amount, given: kind === 'cash' ? amount : null, paymentId, takenAt: at });
    }
    sales.push({ ...base, state: 'completed', endedBecause: null, completedAt: at, tenders });
  }
  const completed = sales.filter((s) => s.state === 'completed');

  // Card refunds without items: paid or declined, in the shop's currency or not; a duplicate.
  for (let k = r.int(0, 4); k > 0; k--) {
    payment({
      id: `ref-${seed}-${k}`,
      type: r.chance(0.9) ? 'REFUND' : 'DUPLICATE',
      amount: r.chance(0.1) ? null : r.int(1, 2000),
      currency: r.pick(['GBP', 'GBP', 'GBP', 'EUR', null]),
      paid: r.chance(0.8),
      saleId: completed.length > 0 && r.chance(0.6) ? r.pick(completed).saleId : 'an-earlier-sale',
    });
  }

  // Itemised refunds, of today's sales or an earlier day's: in cash, to the card, or split.
  const itemisedRefunds: ItemsGivenBack[] = [];
  const cashRefunds: CashRefundFact[] = [];
  const refundRows: ReportFact[][] = [];
  for (let k = 0, n = r.int(0, 4); k < n; k++) {
    const sold: Pick<EndedSale, 'saleId' | 'receiptNumber' | 'lines'> =
      completed.length > 0 && r.chance(0.7)
        ? r.pick(completed)
        : { saleId: `earlier-${seed}-${k}`, receiptNumber: 'S000001', lines: [line(0), line(1)] };
    const lines = sold.lines.slice(0, r.int(1, 2)).map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: r.int(1, l.quantity),
      amount: r.int(1, Math.max(1, l.lineTotal)),
      vatRate: l.vatRate ?? null,
    }));
    const total = lines.reduce((a, l) => a + l.amount, 0);
    const how = r.pick(['cash', 'card', 'split'] as const);
    const cardAmount = how === 'cash' ? 0 : how === 'card' || total < 2 ? total : r.int(1, total - 1);
    let cardPaymentId: string | null = null;
    let cardTerminalId: string | null = null;
    if (cardAmount > 0) {
      if (r.chance(0.6)) cardTerminalId = r.pick(TERMINALS);
      if (r.chance(0.7)) {
        cardPaymentId = `iref-${seed}-${k}`;
        const terminalId = cardTerminalId ?? r.pick(TERMINALS);
        if (r.chance(0.8)) paymentTerminals.set(cardPaymentId, terminalId);
        // Its REFUND counts with the refund, never on its own.
        if (r.chance(0.6))
          payment({ id: cardPaymentId, type: 'REFUND', terminalId, amount: cardAmount, itemised: true });
      }
    }
    const at = time();
    const by = r.pick(PEOPLE);
    const items: ItemsGivenBack = {
      refundId: `refund-${seed}-${k}`,
      saleId: sold.saleId,
      receiptNumber: sold.receiptNumber,
      at,
      cardPaymentId,
      cardAmount,
      cardTerminalId,
      by,
      lines,
    };
    itemisedRefunds.push(items);
    const row: ReportFact[] = [];
    if (total - cardAmount > 0) {
      const cash = { amount: total - cardAmount, at, receiptNumber: sold.receiptNumber, by };
      cashRefunds.push(cash);
      row.push({ kind: 'cash-refund', refund: cash });
    }
    row.push({ kind: 'itemised-refund', refund: items });
    refundRows.push(row);
  }

  const noSales = r.chance(0.1)
    ? null
    : Array.from({ length: r.int(0, 3) }, () => ({ at: time(), by: r.pick(PEOPLE), reason: 'Change' }));
  const reasons: CashMovementReason[] = ['paid_out', 'bank_drop', 'float_top_up', 'other'];
  const cashMovements: CashMovement[] = Array.from({ length: r.int(0, 4) }, () => ({
    shiftId: 'shift',
    direction: r.pick(['in', 'out'] as const),
    reason: r.pick(reasons),
    note: r.chance(0.5) ? 'Milk' : '',
    amount: r.int(100, 5000),
    at: time(),
    by: r.pick(PEOPLE),
  }));
  const shifts: ShiftView[] = Array.from({ length: r.int(0, 2) }, (_, k) => {
    const float = r.int(5000, 20000);
    const expected = float + r.int(0, 50000);
    const counted = expected + r.int(-300, 300);
    return {
      id: `shift-${seed}-${k}`,
      number: seed * 10 + k + 1,
      state: 'closed',
      currency: 'GBP',
      openedAt: window.from,
      openedBy: ANN,
      float,
      floatCounts: [],
      blindCount: true,
      movements: [],
      cashTaken: expected - float,
      cashRefunds: 0,
      expected,
      closedAt: time(),
      countedBy: r.pick(PEOPLE),
      counted,
      countedCounts: [],
      difference: counted - expected,
    };
  });

  const facts: DayFacts = {
    currency: 'GBP',
    sales,
    cardPayments,
    cashRefunds,
    itemisedRefunds,
    noSales,
    cashMovements,
    shifts,
    terminalOf: (paymentId) => paymentTerminals.get(paymentId) ?? null,
    terminalName: (terminalId) => namedTerminal(TERMINAL_NAMES, terminalId),
    categories: new Map(PRODUCTS.flatMap((p) => (p.category ? [[p.id, p.category] as const] : []))),
  };
  const rows: ReportFact[][] = [
    ...sales.map((sale): ReportFact[] => [{ kind: 'sale', sale }]),
    ...cardPayments.map((payment): ReportFact[] => [{ kind: 'card-payment', payment }]),
    ...refundRows,
    ...cashMovements.map((movement): ReportFact[] => [{ kind: 'cash-movement', movement }]),
    ...(noSales ?? []).map((noSale): ReportFact[] => [{ kind: 'no-sale', noSale }]),
    ...shifts.map((shift): ReportFact[] => [{ kind: 'shift', shift }]),
  ];
  return { timeZone: window.timeZone, facts, rows, paymentTerminals };
}

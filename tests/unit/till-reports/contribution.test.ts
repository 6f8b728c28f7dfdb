// Each journal row's contribution to a till report, added up, is the till's own report: for
// random days (tests/support/random-day.ts: cash, card, split and hand-keyed sales, discounts,
// price changes, voids, refunds itemised and by card, of the day's sales and an earlier day's,
// No-sales, cash in and out, shifts, several cashiers, categories and VAT rates, across the shop's
// midnight and a change of its clocks), the rows' contributions, each worked out alone with no
// knowledge of the period, sent through JSON and added in any order, give the report
// computeReport gives, field by field, to the penny; the figures are what the rows were (VAT per
// receipt, hours on the shop's clocks, rows adding up to the net takings), checked without the
// report's code; and the rows split between two tills add up to the same shop report, each till's
// own beside it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shopHour } from '../../../shared/time-zone';
import { vatIncluded } from '../../../shared/vat';
import { computeReport, type ReportBody } from '../../../electron/services/till-reports/compute';
import {
  contributionSchema,
  contributionOf,
  inCanonicalOrder,
  reportByTill,
  reportFacts,
  reportFromContributions,
  sumContributions,
  type Contribution,
  type ContributionContext,
  type ReportFact,
} from '../../../electron/services/till-reports/contribution';
import { hourReader } from '../../../electron/services/till-reports/row-rules';
import type { DayFacts } from '../../../electron/services/till-reports/sources';
import { random, randomDay, type RandomDay } from '../../support/random-day';

const DAYS = 80;
const seeds = Array.from({ length: DAYS }, (_, i) => i + 1);

/** What the till's journal export has when it works out a row: no period, no other rows. */
function rowContext(day: RandomDay): ContributionContext {
  const { facts } = day;
  return {
    currency: facts.currency,
    hourOf: hourReader(day.timeZone),
    terminalOf: facts.terminalOf,
    terminalName: facts.terminalName,
    categories: facts.categories,
  };
}

/** As the shop server would hand it back: through JSON, read by the schema. */
const sent = (c: Contribution): Contribution => contributionSchema.parse(JSON.parse(JSON.stringify(c)));

const optionsOf = (facts: DayFacts) => ({
  currency: facts.currency,
  categories: facts.categories,
  noSalesKept: facts.noSales !== null,
});

const tillReport = (day: RandomDay, facts = day.facts) =>
  computeReport(facts, { timeZone: day.timeZone }).body;

function shuffled<T>(list: readonly T[], seed: number): T[] {
  const r = random(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The facts a till holding only these rows would report from. */
function factsOf(rows: readonly ReportFact[][], base: DayFacts): DayFacts {
  const facts = rows.flat();
  const only = <K extends ReportFact['kind']>(kind: K) =>
    facts.filter((f): f is Extract<ReportFact, { kind: K }> => f.kind === kind);
  return {
    ...base,
    sales: only('sale').map((f) => f.sale),
    cardPayments: only('card-payment').map((f) => f.payment),
    cashRefunds: only('cash-refund').map((f) => f.refund),
    itemisedRefunds: only('itemised-refund').map((f) => f.refund),
    noSales: base.noSales && only('no-sale').map((f) => f.noSale),
    cashMovements: only('cash-movement').map((f) => f.movement),
    shifts: only('shift').map((f) => f.shift),
  };
}

test('each fact worked out alone and added in the report’s order gives the till’s report exactly, rows in the same order', () => {
  for (const seed of seeds) {
    const day = randomDay(seed);
    const ctx = rowContext(day);
    const sum = sumContributions([...reportFacts(day.facts)].map((fact) => sent(contributionOf(fact, ctx))));
    assert.deepEqual(reportFromContributions(sum, optionsOf(day.facts)), tillReport(day), `day ${seed}`);
  }
});

test('the journal’s rows, worked out alone and added in any order, give the till’s report to the penny', () => {
  let rows = 0;
  for (const seed of seeds) {
    const day = randomDay(seed);
    const ctx = rowContext(day);
    const contributions = shuffled(day.rows, seed).map((row) => sent(contributionOf(row, ctx)));
    rows += contributions.length;
    const summed = reportFromContributions(sumContributions(contributions), optionsOf(day.facts));
    assert.deepEqual(inCanonicalOrder(summed), inCanonicalOrder(tillReport(day)), `day ${seed}`);
  }
  assert.ok(rows > DAYS * 10, `the days had rows (${rows})`);
});

/** Adds to a map of figures. */
const tally = <K>(map: Map<K, number>, key: K, value: number) => map.set(key, (map.get(key) ?? 0) + value);

test('the summed report’s figures are what the rows were: VAT per receipt, hours on the shop’s clocks, rows adding up to the net', () => {
  let hourTwice = 0;
  for (const seed of seeds) {
    const day = randomDay(seed);
    const { facts } = day;
    const ctx = rowContext(day);
    const body = reportFromContributions(
      sumContributions(day.rows.map((row) => contributionOf(row, ctx))),
      optionsOf(facts),
    );
    const completed = facts.sales.filter((s) => s.state === 'completed');
    const total = (list: readonly { amount: number }[]) => list.reduce((a, r) => a + r.amount, 0);
    assert.equal(body.sales.count, completed.length);
    assert.equal(body.sales.amount, total(completed.map((s) => ({ amount: s.total }))));

    // Tenders by card machine as the journal placed each payment.
    const tenders = new Map<string, number>();
    for (const t of completed.flatMap((s) => s.tenders)) {
      const terminal = t.kind === 'card' && t.paymentId ? day.paymentTerminals.get(t.paymentId) : undefined;
      tally(tenders, t.kind === 'card' ? `card:${terminal ?? 'unknown'}` : t.kind, t.amount);
    }
    assert.deepEqual(new Map(body.tenders.map((t) => [t.key, t.amount])), tenders);

    // VAT: each receipt's per rate on its gross at that rate, less each itemised refund's.
    const vat = new Map<string, number>();
    const receipt = (lines: { amount: number; vatRate: number | null }[], sign: number) => {
      const gross = new Map<number | null, number>();
      for (const l of lines) gross.set(l.vatRate, (gross.get(l.vatRate) ?? 0) + l.amount);
      for (const [rate, g] of gross) {
        tally(vat, `${rate}/gross`, sign * g);
        tally(vat, `${rate}/vat`, rate === null ? 0 : sign * vatIncluded(g, rate));
      }
    };
    for (const s of completed)
      receipt(
        s.lines.map((l) => ({ amount: l.lineTotal, vatRate: l.vatRate ?? null })),
        1,
      );
    for (const r of facts.itemisedRefunds) receipt(r.lines, -1);
    const vatRows = new Map<string, number>();
    for (const row of body.vat) {
      tally(vatRows, `${row.basisPoints}/gross`, row.gross);
      tally(vatRows, `${row.basisPoints}/vat`, row.vat);
      assert.equal(row.net, row.gross - row.vat);
    }
    assert.deepEqual(vatRows, vat, `day ${seed}: VAT`);

    // Hours on the shop's clocks, read straight from the time zone for every sale.
    const hours = new Map<number, number>();
    const times = new Map<number, number[]>();
    for (const s of completed) {
      const hour = shopHour(s.completedAt!, day.timeZone);
      tally(hours, hour, 1);
      times.set(hour, [...(times.get(hour) ?? []), Date.parse(s.completedAt!)]);
    }
    assert.deepEqual(new Map(body.hours.filter((h) => h.count > 0).map((h) => [h.hour, h.count])), hours);
    // The clocks going back: one hour of the shop's day holds sales more than an hour apart.
    if ([...times.values()].some((t) => Math.max(...t) - Math.min(...t) > 3_600_000)) hourTwice += 1;

    // Refunds: what itemised refunds gave back, and card refunds without items that were paid.
    const withoutItems = facts.cardPayments.filter(
      (p) => p.type === 'REFUND' && p.paid && !p.itemised && (p.currency ?? 'GBP') === 'GBP',
    );
    const itemised = total(facts.itemisedRefunds.flatMap((r) => r.lines));
    const unplaced = total(withoutItems.map((p) => ({ amount: p.amount ?? 0 })));
    assert.equal(body.sales.refunds, itemised + unplaced);
    assert.deepEqual(body.refundsWithoutItems, { count: withoutItems.length, amount: unplaced });
    assert.equal(body.sales.net, body.sales.amount - body.sales.refunds);
    // The rows add up to the net takings (docs/shop-day.md).
    const net = (rows: { net: number | null }[]) => rows.reduce((a, r) => a + r.net!, 0);
    assert.equal(net(body.categories) - unplaced, body.sales.net, `day ${seed}: categories`);
    assert.equal(net(body.cashiers), body.sales.net, `day ${seed}: cashiers`);
    assert.equal(total(body.vat.map((v) => ({ amount: v.gross }))) - unplaced, body.sales.net);

    const voids = facts.sales.filter(
      (s) => s.state === 'abandoned' && (s.endedBecause === null || s.endedBecause === 'voided'),
    );
    assert.deepEqual(body.voids, {
      count: voids.length,
      amount: total(voids.map((s) => ({ amount: s.total }))),
    });
    assert.deepEqual(body.noSales, facts.noSales && { count: facts.noSales.length });
    assert.equal(total(body.cashMovements), total(facts.cashMovements), `day ${seed}: cash moved in and out`);
  }
  assert.ok(hourTwice > 0, 'a day when the clocks went back had sales in its repeated hour');
});

/** Every figure of a report by its row, to add tills' reports up. */
function figures(body: ReportBody): Map<string, number> {
  const out = new Map<string, number>();
  const put = (prefix: string, row: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(row)) {
      if (typeof value === 'number' && !['hour', 'basisPoints'].includes(field))
        tally(out, `${prefix}.${field}`, value);
    }
  };
  put('sales', body.sales);
  for (const t of body.tenders) put(`tender.${t.key}`, t);
  for (const t of body.refunds) put(`refund.${t.key}`, t);
  for (const v of body.vat) put(`vat.${v.basisPoints}`, v);
  for (const c of body.categories) put(`category.${c.category}`, c);
  for (const c of body.cashiers) put(`cashier.${c.name}`, c);
  for (const h of body.hours) put(`hour.${h.hour}`, h);
  for (const m of body.cashMovements) put(`movement.${m.direction}:${m.reason}`, m);
  put('withoutItems', body.refundsWithoutItems ?? {});
  put('discounts', body.discounts);
  put('priceOverrides', body.priceOverrides ?? {});
  put('voids', body.voids);
  put('noSales', body.noSales ?? {});
  return out;
}

test('two tills: the shop’s report is the sum of both tills’ reports to the penny, each till’s own beside it', () => {
  for (const seed of seeds) {
    const day = randomDay(seed);
    const ctx = rowContext(day);
    const r = random(seed * 7919);
    const tills: [ReportFact[][], ReportFact[][]] = [[], []];
    for (const row of day.rows) tills[r.int(0, 1)]!.push(row);
    const sumOf = (rows: ReportFact[][]) =>
      sumContributions(rows.map((row) => sent(contributionOf(row, ctx))));
    const { shop, tills: each } = reportByTill(
      tills.map((rows, i) => ({ till: i + 1, sum: sumOf(rows) })),
      optionsOf(day.facts),
    );

    // The shop holds what one till holding every row would report.
    assert.deepEqual(shop, inCanonicalOrder(tillReport(day)), `day ${seed}: shop`);
    // Each till's own is its own X, as that till would compute it.
    assert.deepEqual(
      each.map((t) => t.till),
      [1, 2],
    );
    for (const [i, rows] of tills.entries()) {
      const own = inCanonicalOrder(tillReport(day, factsOf(rows, day.facts)));
      assert.deepEqual(each[i]!.report, own, `day ${seed}: till ${i + 1}`);
    }
    // Every figure of the shop is till 1's plus till 2's.
    const [one, two] = each.map((t) => figures(t.report)) as [Map<string, number>, Map<string, number>];
    const all = figures(shop);
    for (const key of new Set([...all.keys(), ...one.keys(), ...two.keys()])) {
      assert.equal(all.get(key) ?? 0, (one.get(key) ?? 0) + (two.get(key) ?? 0), `day ${seed}: ${key}`);
    }
    // Drawer counts are each till's: the shop lists them all, none added together.
    assert.deepEqual(
      shop.shifts,
      [...each[0]!.report.shifts, ...each[1]!.report.shifts].sort((a, b) => a.number - b.number),
    );
  }
});

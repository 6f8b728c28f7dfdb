// The shop reports' reads and writes on the shop server (schema step 4): each till's summed
// contributions for a shop period, read back through the contribution schema (whole numbers,
// keys the report can place), and the shop Z reports as they closed. No report rule here: the
// sums are worked out into a report by till-reports/contribution.ts.
import type { ClientBase } from 'pg';
import { contributionSchema, emptyContribution, type Contribution } from '../till-reports/contribution';
import type { ShopReportView, ShopZSummary } from '../../../shared/contract/shop-reports';

export interface TillSum {
  till: { number: number; name: string };
  sum: Contribution;
}

/** The shop's open period (the next shop Z's number) and when the last shop Z closed. */
export async function openPeriod(
  client: ClientBase,
  shopId: number,
): Promise<{ period: number; since: string | null }> {
  const { rows } = await client.query<{ period: number; since: Date | null }>(
    `SELECT s.last_z_number + 1 AS period,
            (SELECT z.until FROM shop_z_reports z WHERE z.shop_id = s.id ORDER BY z.number DESC LIMIT 1) AS since
       FROM shops s WHERE s.id = $1`,
    [shopId],
  );
  const row = rows[0];
  if (!row) throw new Error(`shop ${shopId} is not visible to this till`);
  return { period: row.period, since: row.since ? row.since.toISOString() : null };
}

/** Each till of the shop with its summed contributions in `period` (an empty sum for a till with none). */
export async function periodSums(client: ClientBase, shopId: number, period: number): Promise<TillSum[]> {
  // One after another: a pg client runs one query at a time.
  const tills = await client.query<{ number: number; name: string }>(
    'SELECT number, name FROM tills WHERE shop_id = $1 ORDER BY number',
    [shopId],
  );
  const totals = await client.query<{ till_id: number; key: string; value: string }>(
    'SELECT till_id, key, value::text AS value FROM shop_report_totals WHERE shop_id = $1 AND period = $2',
    [shopId, period],
  );
  const names = await client.query<{
    till_id: number;
    what: 'cashier' | 'machine';
    id: string;
    naming: unknown;
  }>('SELECT till_id, what, id, naming FROM shop_report_names WHERE shop_id = $1 AND period = $2', [
    shopId,
    period,
  ]);
  const shifts = await client.query<{ till_id: number; figures: unknown[] }>(
    `SELECT till_id, figures FROM shop_report_shifts WHERE shop_id = $1 AND period = $2
      ORDER BY till_id, local_id`,
    [shopId, period],
  );
  const raw = new Map<
    number,
    { sums: Record<string, number>; cashiers: object; machines: object; shifts: unknown[] }
  >();
  const of = (till: number) => {
    let r = raw.get(till);
    if (!r) raw.set(till, (r = { sums: {}, cashiers: {}, machines: {}, shifts: [] }));
    return r;
  };
  // Bigint text to a number; one beyond the safe integers fails the schema below, never rounds.
  for (const t of totals.rows) of(t.till_id).sums[t.key] = Number(t.value);
  for (const n of names.rows)
    Object.assign(of(n.till_id)[n.what === 'cashier' ? 'cashiers' : 'machines'], { [n.id]: n.naming });
  for (const s of shifts.rows) of(s.till_id).shifts.push(...s.figures);
  return tills.rows.map((till) => {
    const sums = raw.get(till.number);
    return { till, sum: sums ? contributionSchema.parse(sums) : emptyContribution() };
  });
}

/** Takes the next shop Z number: held until the transaction ends (batches in flight land first). */
export async function takeShopZNumber(client: ClientBase): Promise<number> {
  const { rows } = await client.query<{ number: number | null }>('SELECT take_shop_z_number() AS number');
  const number = rows[0]?.number;
  if (typeof number !== 'number') throw new Error('the shop server gave no shop Z number');
  return number;
}

export async function saveShopZ(
  client: ClientBase,
  shopId: number,
  tillNumber: number,
  view: ShopReportView,
): Promise<void> {
  const { report } = view;
  await client.query(
    `INSERT INTO shop_z_reports (shop_id, number, till_id, since, until, report)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [shopId, report.number, tillNumber, report.since, report.until, JSON.stringify(view)],
  );
}

export async function storedShopZ(
  client: ClientBase,
  shopId: number,
  number: number,
): Promise<unknown | null> {
  const { rows } = await client.query<{ report: unknown }>(
    'SELECT report FROM shop_z_reports WHERE shop_id = $1 AND number = $2',
    [shopId, number],
  );
  return rows[0]?.report ?? null;
}

export async function listShopZ(client: ClientBase, shopId: number, limit: number): Promise<ShopZSummary[]> {
  const { rows } = await client.query<{
    number: number;
    till_id: number;
    since: Date | null;
    until: Date;
    currency: string;
    gross: string;
    net: string;
  }>(
    `SELECT number, till_id, since, until, report -> 'report' ->> 'currency' AS currency,
            report -> 'report' -> 'sales' ->> 'amount' AS gross, report -> 'report' -> 'sales' ->> 'net' AS net
       FROM shop_z_reports WHERE shop_id = $1 ORDER BY number DESC LIMIT $2`,
    [shopId, limit],
  );
  return rows.map((r) => ({
    number: r.number,
    till: r.till_id,
    since: r.since ? r.since.toISOString() : null,
    until: r.until.toISOString(),
    currency: r.currency,
    gross: Number(r.gross),
    net: Number(r.net),
  }));
}

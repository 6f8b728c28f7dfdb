// The shop server's side of "across tills" (issue 30): other tills' sales found in the journal,
// one sale as its till sent it up, what every till has given back on it, and the refund claims
// (schema step 3: claim_sale_refund locks the sale's refundable balance). Plain queries on a link;
// the rules that use them are in across-tills.ts.
import type pg from 'pg';
import type { HistorySearch } from '../../../shared/contract/history';

/** A sale of the shop as the journal holds it (the sales area's journal body) and its till. */
export interface ServerSale {
  tillNumber: number;
  tillName: string;
  body: Record<string, unknown>;
  /** Given back on it so far by every till (claims held or done, and its till's own refunds). */
  refunded: number;
}

/** What the tills together have given back (or hold) on one sale: units by line, and money. */
export interface Taken {
  lines: Map<number, number>;
  amount: number;
}

export type ClaimOutcome =
  | { outcome: 'claimed' }
  | { outcome: 'not_on_server' }
  | { outcome: 'line'; lineIndex: number; left: number }
  | { outcome: 'total'; left: number }
  | { outcome: 'card'; left: number };

/** "2-000123" → till 2, sale 123; "S000123" or "123" → sale 123 of any till. */
export function receiptOnServer(typed: string): { till: number | null; number: number } {
  const text = typed.trim();
  const withTill = /^(\d{1,3})-(\d{1,9})$/.exec(text);
  if (withTill) return { till: Number(withTill[1]), number: Number(withTill[2]) };
  return { till: null, number: Number(text.replace(/^[Ss]/, '')) };
}

const SALE_COLUMNS = `j.till_id, t.name AS till_name, j.body,
  (SELECT amount FROM sale_refund_taken(j.shop_id, j.till_id, j.local_id)) AS refunded`;
const SALE_FROM = `journal j JOIN tills t ON t.shop_id = j.shop_id AND t.number = j.till_id`;

interface SaleRow {
  till_id: number;
  till_name: string;
  body: Record<string, unknown>;
  refunded: string;
}
const serverSale = (r: SaleRow): ServerSale => ({
  tillNumber: r.till_id,
  tillName: r.till_name,
  body: r.body,
  refunded: Number(r.refunded),
});

/**
 * Completed sales of the shop's other tills matching the search, newest first, at most `limit`.
 * The card's last digits are not searched on the server (the till's own journal has them).
 */
export async function searchOtherTills(
  client: pg.Client,
  shopId: number,
  ownTill: number,
  search: HistorySearch,
  limit: number,
): Promise<ServerSale[]> {
  if (search.cardLastDigits !== undefined) return [];
  const where = ["j.kind = 'sale'", 'j.shop_id = $1', 'j.till_id <> $2', "j.body->>'state' = 'completed'"];
  const args: unknown[] = [shopId, ownTill];
  const add = (clause: (n: string) => string, value: unknown) => {
    args.push(value);
    where.push(clause(`$${args.length}`));
  };
  if (search.receiptNumber !== undefined) {
    const { till, number } = receiptOnServer(search.receiptNumber);
    add((n) => `(j.body->>'number')::bigint = ${n}`, number);
    if (till !== null) add((n) => `j.till_id = ${n}`, till);
  }
  if (search.from !== undefined)
    add((n) => `j.body->>'createdAt' >= ${n}`, new Date(search.from).toISOString());
  if (search.to !== undefined) add((n) => `j.body->>'createdAt' < ${n}`, new Date(search.to).toISOString());
  if (search.amount !== undefined) add((n) => `(j.body->>'total')::bigint = ${n}`, search.amount);
  if (search.cashierId !== undefined) add((n) => `j.body->'servedBy'->>'id' = ${n}`, search.cashierId);
  args.push(limit);
  const { rows } = await client.query<SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} WHERE ${where.join(' AND ')}
      ORDER BY j.body->>'createdAt' DESC, (j.body->>'number')::bigint DESC, j.till_id LIMIT $${args.length}`,
    args,
  );
  return rows.map(serverSale);
}

/** One sale of the shop by its id (any till), or null when it has not gone up (or is not completed). */
export async function saleOnServer(
  client: pg.Client,
  shopId: number,
  saleId: string,
): Promise<ServerSale | null> {
  const { rows } = await client.query<SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM ${SALE_FROM}
      WHERE j.shop_id = $1 AND j.kind = 'sale' AND j.local_id = $2 AND j.body->>'state' = 'completed'`,
    [shopId, saleId],
  );
  return rows[0] ? serverSale(rows[0]) : null;
}

/** What every till has given back (or holds) on a sale. */
export async function takenOn(
  client: pg.Client,
  shopId: number,
  saleTill: number,
  saleId: string,
): Promise<Taken> {
  const { rows } = await client.query<{ lines: Record<string, string | number>; amount: string }>(
    'SELECT lines, amount FROM sale_refund_taken($1, $2, $3)',
    [shopId, saleTill, saleId],
  );
  const row = rows[0];
  return {
    lines: new Map(Object.entries(row?.lines ?? {}).map(([i, q]) => [Number(i), Number(q)])),
    amount: Number(row?.amount ?? 0),
  };
}

export interface ClaimRequest {
  claimId: string;
  saleTill: number;
  saleId: string;
  lines: readonly { lineIndex: number; quantity: number; amount: number }[];
  cardAmount: number;
  originalPaymentId: string | null;
}

/** Claims a refund for the signed-in till (one transaction on the server: lock, check, record). */
export async function claimRefund(client: pg.Client, claim: ClaimRequest): Promise<ClaimOutcome> {
  const { rows } = await client.query<{
    outcome: ClaimOutcome['outcome'];
    detail: Record<string, number> | null;
  }>('SELECT outcome, detail FROM claim_sale_refund($1, $2, $3, $4::jsonb, $5, $6)', [
    claim.claimId,
    claim.saleTill,
    claim.saleId,
    JSON.stringify(
      claim.lines.map((l) => ({ lineIndex: l.lineIndex, quantity: l.quantity, amount: l.amount })),
    ),
    claim.cardAmount,
    claim.originalPaymentId,
  ]);
  const { outcome, detail } = rows[0]!;
  if (outcome === 'line') return { outcome, lineIndex: detail!.lineIndex!, left: detail!.left! };
  if (outcome === 'total' || outcome === 'card') return { outcome, left: detail!.left! };
  return { outcome };
}

/** Settles this till's claim: the money went back (done) or did not (released). True when it changed. */
export async function settleClaim(
  client: pg.Client,
  claimId: string,
  outcome: 'done' | 'released',
): Promise<boolean> {
  const result = await client.query(
    `UPDATE refund_claims SET state = $2, settled_at = now()
      WHERE shop_id = shop_of_role(current_user) AND claim_id = $1 AND state = 'held'`,
    [claimId, outcome],
  );
  return result.rowCount === 1;
}

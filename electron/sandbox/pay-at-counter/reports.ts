// Report totals of the sandbox card machine, added up from the transactions it really ran.

/** A transaction that ended SUCCESSFUL, as the totals count it. */
export interface CountedTransaction {
  transactionType: string;
  transactionNumber: string;
  issuerName: string;
  amountTotal: number;
  amountCashback: number;
  amountGratuity: number;
}

export interface TotalsObject {
  currency: string;
  total_amount: number;
  total_refunds_amount: number;
  total_sales_amount: number;
  total_refunds_count: number;
  total_sales_count: number;
}

export function totalsOf(entries: readonly CountedTransaction[], currency: string): TotalsObject {
  const totals: TotalsObject = {
    currency,
    total_amount: 0,
    total_refunds_amount: 0,
    total_sales_amount: 0,
    total_refunds_count: 0,
    total_sales_count: 0,
  };
  for (const e of entries) {
    if (e.transactionType === 'REFUND') {
      totals.total_refunds_amount += e.amountTotal;
      totals.total_refunds_count += 1;
    } else {
      totals.total_sales_amount += e.amountTotal;
      totals.total_sales_count += 1;
    }
  }
  totals.total_amount = totals.total_sales_amount - totals.total_refunds_amount;
  return totals;
}

function byIssuer(entries: readonly CountedTransaction[], currency: string): Record<string, TotalsObject> {
  const groups = new Map<string, CountedTransaction[]>();
  for (const e of entries) groups.set(e.issuerName, [...(groups.get(e.issuerName) ?? []), e]);
  return Object.fromEntries([...groups].map(([issuer, list]) => [issuer, totalsOf(list, currency)]));
}

function numberRange(entries: readonly CountedTransaction[]): string[] {
  if (entries.length === 0) return [];
  return [entries[0]!.transactionNumber, entries[entries.length - 1]!.transactionNumber];
}

export function balancesOf(entries: readonly CountedTransaction[], currency: string, since: string) {
  const cashback = entries.filter((e) => e.amountCashback > 0);
  const gratuity = entries.filter((e) => e.amountGratuity > 0);
  return {
    issuer_totals: byIssuer(entries, currency),
    ...totalsOf(entries, currency),
    total_cashback_amount: cashback.reduce((sum, e) => sum + e.amountCashback, 0),
    total_cashback_count: cashback.length,
    total_gratuity_amount: gratuity.reduce((sum, e) => sum + e.amountGratuity, 0),
    total_gratuity_count: gratuity.length,
    totals_since: since,
  };
}

export const SANDBOX_ACQUIRER = 'SANDBOX ACQUIRING';

export function bankingOf(
  current: readonly CountedTransaction[],
  previous: readonly CountedTransaction[],
  currency: string,
) {
  return {
    [SANDBOX_ACQUIRER]: {
      currency,
      current_session_issuer_totals: byIssuer(current, currency),
      previous_session_issuer_totals: byIssuer(previous, currency),
      current_session_totals: totalsOf(current, currency),
      previous_session_totals: totalsOf(previous, currency),
      current_session_transaction_numbers: numberRange(current),
      previous_session_transaction_numbers: numberRange(previous),
    },
  };
}

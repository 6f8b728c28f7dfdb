// Across tills (issue 30): with the shop server reachable, History also finds the shop's other
// tills' sales (from the journal they send up, with the till they were made on), and a refund of
// any sale that is on the shop server is claimed there first (claim_sale_refund: one transaction
// locks the sale's refundable balance, adds up every till's claims and records this till's), so
// the tills together never give back more than was paid. The till pays back and then settles its
// claim: done, or released when the money did not go back. An offline till refunds only its own
// sales not yet sent up, and says why for the rest. Each piece of work opens a link of its own: the
// outbox's link carries its batches' transactions.
import type { HistoryPage, SaleRecord, SaleSummary, SaleView } from '../../../shared/contract';
import type { HistorySearch } from '../../../shared/contract/history';
import { TillError, type Words } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import { fillAcrossTillsWords } from '../../../shared/across-tills-words';
import type { Logger } from '../common/logger';
import type { RefundClaim, RefundGate } from '../sales/refunds';
import { saleViewFromJournal, type OtherTillSales } from '../sales/other-till-sales';
import {
  claimRefund,
  saleOnServer,
  searchOtherTills,
  settleClaim,
  takenOn,
  type ClaimOutcome,
  type ServerSale,
  type Taken,
} from './across-tills-queries';
import type { ShopServerLink } from './connection';

export interface AcrossTillsDeps {
  /** A shop server is set and on (without one, every call here is today's single till). */
  enabled: () => boolean;
  /** The till's link to the shop server is up now. */
  online: () => boolean;
  /** A link of its own for one piece of work (closed after). */
  open: () => Promise<ShopServerLink>;
  /** This till's number in the shop. */
  ownTill: () => number;
  /** This till's own sale has gone up to the shop server (as far as the till knows). */
  isSent: (saleId: string) => boolean;
  otherSales: OtherTillSales;
  /** This till's own card machine: another till's card part goes back on it. */
  ownTerminal: () => string | null;
  now: () => number;
  logger: Logger;
}

const refuse = (code: 'conflict' | 'unreachable' | 'invalid_input', message: string, words: Words) =>
  new TillError(code, message, { words });

const OTHER_TILL_OFFLINE = fillAcrossTillsWords('otherTillOffline');
const SENT_OFFLINE = fillAcrossTillsWords('sentOffline');
const STILL_SENDING = fillAcrossTillsWords('stillSending');

/** Why a claim was refused, in the cashier's words (the same words as a refund on one till). */
export function claimRefusal(outcome: ClaimOutcome, sale: SaleView): TillError | null {
  const money = (minor: number) => ({ minor, currency: sale.currency });
  switch (outcome.outcome) {
    case 'claimed':
      return null;
    case 'not_on_server':
      return refuse('conflict', STILL_SENDING, { key: 'acrossTills.stillSending' });
    case 'line': {
      const name = sale.lines[outcome.lineIndex]?.name ?? '';
      return outcome.left === 0
        ? refuse('invalid_input', `${name} has already been refunded in full.`, {
            key: 'refund.fullyRefunded',
            params: { name },
          })
        : refuse('invalid_input', `Only ${outcome.left} of ${name} can still be refunded.`, {
            key: 'refund.onlyLeft',
            params: { left: outcome.left, name },
          });
    }
    case 'total':
      return refuse(
        'invalid_input',
        fillAcrossTillsWords('totalLeft', { left: formatMoney(outcome.left, sale.currency) }),
        { key: 'acrossTills.totalLeft', params: { left: money(outcome.left) } },
      );
    case 'card':
      return outcome.left > 0
        ? refuse(
            'invalid_input',
            `At most ${formatMoney(outcome.left, sale.currency)} can still go back to that card: give the rest in cash.`,
            { key: 'refund.cardLeft', params: { left: money(outcome.left) } },
          )
        : refuse('invalid_input', 'Nothing more can go back to that card: give it in cash.', {
            key: 'refund.cardNothingLeft',
          });
  }
}

/** A sale record as this till built it, with what the shop's tills together have given back. */
export function withShopRefunds(
  record: SaleRecord,
  taken: Taken,
  other: { till: { number: number; name: string }; terminalId: string | null } | null,
): SaleRecord {
  const lines = record.lines.map((l) => {
    const back = Math.max(l.refundedQuantity, taken.lines.get(l.lineIndex) ?? 0);
    return { ...l, refundedQuantity: back, refundableQuantity: Math.max(0, l.quantity - back) };
  });
  const refundedTotal = Math.max(record.refundedTotal, taken.amount);
  const left = Math.max(0, record.sale.total - refundedTotal);
  if (!other) return { ...record, lines, refundedTotal };
  // Another till's card payment: its card part goes back on this till's own card machine.
  const terminalId = other.terminalId;
  const cards = terminalId
    ? record.sale.tenders.flatMap((t) =>
        t.kind === 'card' && t.paymentId
          ? [
              {
                paymentId: t.paymentId,
                terminalId,
                amount: t.amount,
                cardLabel: null,
                lastDigits: null,
                refundableLeft: Math.min(t.amount, left),
              },
            ]
          : [],
      )
    : [];
  return { ...record, lines, refundedTotal, cards, till: other.till };
}

export function createAcrossTills(d: AcrossTillsDeps) {
  /** Claims made on the server and not yet settled by this till. */
  const held = new Set<string>();

  const withLink = async <T>(work: (link: ShopServerLink) => Promise<T>): Promise<T> => {
    const link = await d.open();
    try {
      return await work(link);
    } finally {
      await link.close();
    }
  };
  const isOtherTill = (saleId: string) => d.otherSales.get(saleId) !== null;

  const gate: RefundGate = {
    isOtherTill,
    check(sale) {
      if (!d.enabled()) return false;
      if (d.online()) return true;
      if (isOtherTill(sale.saleId))
        throw refuse('unreachable', OTHER_TILL_OFFLINE, { key: 'acrossTills.otherTillOffline' });
      if (d.isSent(sale.saleId))
        throw refuse('unreachable', SENT_OFFLINE, { key: 'acrossTills.sentOffline' });
      return false;
    },
    async claim(claim: RefundClaim) {
      if (!d.enabled()) return;
      const other = d.otherSales.get(claim.sale.saleId);
      const saleTill = other ? other.tillNumber : d.ownTill();
      let outcome: ClaimOutcome;
      try {
        outcome = await withLink((link) =>
          claimRefund(link.client, {
            claimId: claim.refundId,
            saleTill,
            saleId: claim.sale.saleId,
            lines: claim.lines,
            cardAmount: claim.cardAmount,
            originalPaymentId: claim.originalPaymentId,
          }),
        );
      } catch (error) {
        d.logger.warn('shop server: a refund could not be claimed', error);
        // Away: only this till's own sale that never went up may be refunded here, alone.
        if (!other && !d.isSent(claim.sale.saleId)) return;
        throw other
          ? refuse('unreachable', OTHER_TILL_OFFLINE, { key: 'acrossTills.otherTillOffline' })
          : refuse('unreachable', SENT_OFFLINE, { key: 'acrossTills.sentOffline' });
      }
      const refused = claimRefusal(outcome, claim.sale);
      if (refused) throw refused;
      held.add(claim.refundId);
    },
    settle(refundId, outcome) {
      if (!held.has(refundId)) return;
      // When this is lost, the refund's own journal row settles the claim as it arrives.
      withLink((link) => settleClaim(link.client, refundId, outcome))
        .then(() => held.delete(refundId))
        .catch((error: unknown) =>
          d.logger.warn(`shop server: refund ${refundId} not settled now (its journal row will)`, error),
        );
    },
  };

  const summary = (s: ServerSale): SaleSummary => {
    const view = saleViewFromJournal({ tillNumber: s.tillNumber, body: s.body });
    return {
      saleId: view.saleId,
      receiptNumber: view.receiptNumber,
      currency: view.currency,
      total: view.total,
      refunded: s.refunded,
      tenderKinds: [...new Set(view.tenders.map((t) => t.kind))],
      servedBy: view.servedBy?.name ?? null,
      createdAt: view.createdAt,
      completedAt: view.completedAt,
      till: { number: s.tillNumber, name: s.tillName },
    };
  };

  return {
    gate,
    otherSales: d.otherSales,
    /**
     * The till's own page and, on the first page while the shop server is reachable, the other
     * tills' newest matches (a narrower search finds older ones). Never fails for the server's sake.
     */
    async search(input: HistorySearch, local: () => HistoryPage): Promise<HistoryPage> {
      const page = local();
      if (!d.enabled() || input.after !== undefined || !d.online()) return page;
      try {
        const found = await withLink((link) =>
          searchOtherTills(link.client, link.shopId, d.ownTill(), input, input.limit ?? 25),
        );
        return { ...page, sales: [...page.sales, ...found.map(summary)] };
      } catch (error) {
        d.logger.warn('shop server: other tills’ sales could not be searched', error);
        return page;
      }
    },
    /**
     * One sale: this till's own (with what other tills gave back, when reachable), or another
     * till's from the shop server, kept on this till so it can be refunded here.
     */
    async record(saleId: string, local: (saleId: string) => SaleRecord, own: (saleId: string) => boolean) {
      if (!d.enabled() || own(saleId)) {
        const record = local(saleId);
        if (!d.enabled() || !d.online() || !d.isSent(saleId)) return record;
        try {
          const taken = await withLink((link) => takenOn(link.client, link.shopId, d.ownTill(), saleId));
          return withShopRefunds(record, taken, null);
        } catch (error) {
          d.logger.warn('shop server: other tills’ refunds could not be read', error);
          return record;
        }
      }
      const kept = d.otherSales.get(saleId);
      let found: { sale: ServerSale; taken: Taken } | null = null;
      try {
        found = await withLink(async (link) => {
          const sale = await saleOnServer(link.client, link.shopId, saleId);
          return sale && { sale, taken: await takenOn(link.client, link.shopId, sale.tillNumber, saleId) };
        });
      } catch (error) {
        d.logger.warn('shop server: a sale of another till could not be read', error);
      }
      if (!found) {
        if (!kept)
          throw new TillError('not_found', 'That sale does not exist.', {
            words: { key: 'acrossTills.notFound' },
          });
        return { ...local(saleId), till: { number: kept.tillNumber, name: '' } };
      }
      d.otherSales.keep(
        { tillNumber: found.sale.tillNumber, body: found.sale.body },
        new Date(d.now()).toISOString(),
      );
      return withShopRefunds(local(saleId), found.taken, {
        till: { number: found.sale.tillNumber, name: found.sale.tillName },
        terminalId: d.ownTerminal(),
      });
    },
  };
}

export type AcrossTills = ReturnType<typeof createAcrossTills>;

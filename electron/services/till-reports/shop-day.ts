// Builds the shop's day (shifts and cash-up, the till X and Z reports) over the other areas'
// exported surfaces, for the composition root: one call there, one spread of handlers.
import { join } from 'node:path';
import type { GuardedAction, StaffStamp } from '../../../shared/contract';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { namedTerminal } from '../../../shared/terminal-names';
import type { AuditLog } from '../audit/journal';
import type { ProductCatalogue } from '../catalogue/store';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { isPaidPayment, type PaymentJournal } from '../payments/journal';
import { ReconciliationStore } from '../reconciliation/store';
import type { ReceiptSettings } from '../sales/checkout';
import type { SaleRefunds } from '../sales/refunds';
import type { SalesLedger } from '../sales/sales-ledger';
import { shiftsHandlers } from '../shifts/handlers';
import { ShiftService } from '../shifts/service';
import { ShiftStore } from '../shifts/store';
import type { Db } from '../storage/database';
import { SaleNumberMark } from '../storage/sale-number-mark';
import { tillReportsHandlers } from './handlers';
import { TillReportService } from './service';
import type { ContributionOptions } from './journal-contributions';
import type { DaySources, NoSaleFact } from './sources';
import { TillReportStore } from './store';

/** The highest Z number ever handed out, beside the database (as the sale numbers' mark). */
export const Z_NUMBER_MARK_FILE = 'z-number-mark.json';

export interface ShopDayDeps {
  db: Db;
  dataDir: string;
  clock: Clock;
  currency: string;
  logger: Logger;
  serving: () => StaffStamp | null;
  require: (action: GuardedAction) => StaffStamp | null;
  ledger: Pick<SalesLedger, 'endedBetween' | 'cashTakenBetween'>;
  journal: Pick<PaymentJournal, 'createdBetween' | 'get'>;
  catalogue: Pick<ProductCatalogue, 'admin'>;
  /** The names the shop gave its card machines in Settings. */
  terminalNames: () => Readonly<Record<string, string>>;
  refunds: Pick<SaleRefunds, 'cashGivenBack' | 'completedWithItems' | 'itemisedCardPayments'>;
  /** No-sales in (since, until]; absent while the till cannot list them by period. */
  noSales?: (since: string, until: string) => NoSaleFact[];
  printReceipt: TillReportServiceDeps['printReceipt'];
  receiptSettings: () => Pick<ReceiptSettings, 'shop' | 'paperWidth' | 'locale' | 'timeZone'>;
  audit: AuditLog;
  /** This till's number while a shop server is set: its X and Z reports carry it. */
  tillNumber?: () => number | null;
}

type TillReportServiceDeps = ConstructorParameters<typeof TillReportService>[0];

/** What a report slip is printed with, from the till's receipt settings (the shop's reports too). */
export function printSettingsOf(
  r: Pick<ReceiptSettings, 'shop' | 'paperWidth' | 'locale' | 'timeZone'>,
): ReturnType<TillReportServiceDeps['printSettings']> {
  return {
    shopName: r.shop.name,
    paperWidth: r.paperWidth,
    ...(r.locale && { locale: r.locale }),
    ...(r.timeZone && { timeZone: r.timeZone }),
  };
}

export function createShopDay(d: ShopDayDeps) {
  const cashRefunds = (since: string, until: string) => d.refunds.cashGivenBack(since, until);
  const shifts = new ShiftService({
    store: new ShiftStore(d.db),
    currency: d.currency,
    clock: d.clock,
    serving: d.serving,
    requireManager: () => d.require('back-office'),
    cashTakenBetween: (since, until) => d.ledger.cashTakenBetween(since, until),
    cashRefundsBetween: (since, until) => cashRefunds(since, until).reduce((a, r) => a + r.amount, 0),
    audit: d.audit,
  });
  const reconciliationNames = new ReconciliationStore(d.db, d.clock);
  // What the reports read; the journal's report contributions read the same (journal-contributions.ts).
  const sources: DaySources = {
    sales: (since, until) => d.ledger.endedBetween(since, until),
    cardPayments: (since, until) => {
      const payments = d.journal.createdBetween(since, until);
      const itemised = d.refunds.itemisedCardPayments(
        payments.filter((p) => p.type === 'REFUND').map((p) => p.id),
      );
      return payments.map((p) => ({
        id: p.id,
        terminalId: p.terminalId,
        type: p.type,
        amount: p.amount,
        currency: p.currency,
        paid: isPaidPayment(p),
        createdAt: p.createdAt,
        saleId: p.saleId,
        itemised: itemised.has(p.id),
        by: p.staff,
      }));
    },
    paymentTerminal: (paymentId) => d.journal.get(paymentId)?.terminalId ?? null,
    terminalName: (terminalId) =>
      namedTerminal({ ...Object.fromEntries(reconciliationNames.names()), ...d.terminalNames() }, terminalId),
    categories: () => new Map(d.catalogue.admin().products.map((p) => [p.id, p.category])),
    cashRefunds: (since, until) =>
      cashRefunds(since, until).map((r) => ({
        refundId: r.refundId,
        amount: r.amount,
        at: r.at,
        receiptNumber: r.receiptNumber,
        by: r.by,
      })),
    itemisedRefunds: (since, until) => d.refunds.completedWithItems(since, until),
    noSales: (since, until) => d.noSales?.(since, until) ?? null,
    cashMovements: (since, until) => shifts.movementsBetween(since, until),
    shiftsClosed: (since, until) => shifts.closedBetween(since, until),
  };
  const reports = new TillReportService({
    store: new TillReportStore(d.db),
    currency: d.currency,
    clock: d.clock,
    serving: d.serving,
    requireZ: () => d.require('z-report'),
    shiftOpen: () => shifts.openShift() !== null,
    numbers: new SaleNumberMark(
      join(d.dataDir, Z_NUMBER_MARK_FILE),
      undefined,
      () => d.clock.now(),
      'highestZNumber',
    ),
    printReceipt: d.printReceipt,
    printSettings: () => printSettingsOf(d.receiptSettings()),
    logger: d.logger,
    ...(d.tillNumber && { tillNumber: d.tillNumber }),
    sources,
  });
  const handlers: HandlersOf<'shifts' | 'tillReports'> = {
    ...shiftsHandlers(shifts),
    ...tillReportsHandlers(reports),
  };
  // Each journal row's report contribution for the shop server, from the same sources.
  const contributions: ContributionOptions = {
    sources,
    currency: d.currency,
    timeZone: () => d.receiptSettings().timeZone ?? undefined,
    skus: () => new Map(d.catalogue.admin().products.map((p) => [p.id, p.sku])),
  };
  return { shifts, reports, handlers, sources, contributions };
}

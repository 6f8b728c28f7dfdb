// The shop's X and Z over all its tills, run on any till of the shop. The shop server holds each
// till's summed report contributions per shop period (schema step 4); this works them out into
// the shop's report and each till's beside it with the till report's own code (reportByTill), and
// prints and exports them with the till report's layout and CSV. Shop X: the open period (resets
// nothing). Shop Z: guarded like a till's Z (supervisor or manager); in one transaction it takes
// the shop's next Z number, reads the period it closes and keeps the report on the server, so a
// failure anywhere leaves no number used and nothing closed. Each report uses its own short
// connection (the outbox's stays its own), signed in as this till.
import { randomUUID } from 'node:crypto';
import type { CsvFile, StaffStamp, TillReportView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import {
  shopReportSchema,
  type ShopReportView,
  type ShopZSummary,
} from '../../../shared/contract/shop-reports';
import type { ReceiptLine } from '../../../shared/receipt';
import type { PaperWidth } from '../../../shared/receipt-layout';
import type { ShopServerSettings } from '../../../shared/settings';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { reportByTill } from '../till-reports/contribution';
import { shopSummaryCsv, shopTillsCsv } from '../till-reports/csv';
import { reportReceipt } from '../till-reports/print';
import { connectShopServer, type ConnectInput, type ShopServerLink } from './connection';
import {
  listShopZ,
  openPeriod,
  periodSums,
  saveShopZ,
  storedShopZ,
  takeShopZNumber,
} from './shop-report-store';
import { problemOf } from './words';

export interface ShopReportsDeps {
  settings: () => ShopServerSettings;
  password: () => Promise<string | null>;
  /** Signs in (tests may pass another way to the same server). */
  connect?: (input: ConnectInput) => Promise<ShopServerLink>;
  currency: string;
  /** Each product's category by its SKU in this till's catalogue (the shop's, once it comes down). */
  categories: () => ReadonlyMap<string, string>;
  clock: Pick<Clock, 'now'>;
  serving: () => StaffStamp | null;
  /** The right to run a Z (a supervisor or manager, or their approval). */
  requireZ: () => StaffStamp | null;
  printReceipt: (receiptId: string, lines: ReceiptLine[]) => Promise<unknown>;
  printSettings: () => { shopName: string; paperWidth: PaperWidth; locale?: string; timeZone?: string };
  logger: Logger;
}

export class ShopReports {
  constructor(private readonly d: ShopReportsDeps) {}

  async x(): Promise<ShopReportView> {
    const runBy = this.d.serving();
    return this.onServer(async (link) => {
      const { period, since } = await openPeriod(link.client, link.shopId);
      return this.build(link, 'X', null, period, since, runBy);
    });
  }

  async z(): Promise<ShopReportView> {
    const runBy = this.d.requireZ();
    const view = await this.onServer(async (link) => {
      await link.client.query('BEGIN');
      try {
        // The number first: it waits for a shop Z running on another till, so the period
        // starts where that one ended.
        const number = await takeShopZNumber(link.client);
        const { since } = await openPeriod(link.client, link.shopId);
        const built = await this.build(link, 'Z', number, number, since, runBy);
        await saveShopZ(link.client, link.shopId, link.tillNumber, built);
        await link.client.query('COMMIT');
        return built;
      } catch (error) {
        await link.client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    this.print(`shop-z-${view.report.number}`, view, false);
    return view;
  }

  async list(limit: number): Promise<ShopZSummary[]> {
    this.d.serving();
    return this.onServer((link) => listShopZ(link.client, link.shopId, limit));
  }

  async get(zNumber: number): Promise<ShopReportView> {
    this.d.serving();
    const stored = await this.onServer((link) => storedShopZ(link.client, link.shopId, zNumber));
    if (stored === null)
      throw new TillError('not_found', `There is no shop Z report ${zNumber}.`, {
        words: { key: 'shopReport.noZ', params: { number: zNumber } },
      });
    return shopReportSchema.parse(stored);
  }

  async printReport(zNumber?: number): Promise<{ ok: true }> {
    const view = zNumber === undefined ? await this.x() : await this.get(zNumber);
    const id = zNumber === undefined ? `shop-x-${randomUUID()}` : `shop-z-${zNumber}-reprint-${randomUUID()}`;
    this.print(id, view, zNumber !== undefined);
    return { ok: true };
  }

  async exportCsv(zNumber?: number): Promise<{ summary: CsvFile; tills: CsvFile }> {
    const view = zNumber === undefined ? await this.x() : await this.get(zNumber);
    const { timeZone } = this.d.printSettings();
    return { summary: shopSummaryCsv(view, timeZone), tills: shopTillsCsv(view, timeZone) };
  }

  /** The period's sums worked out into the shop's report and each till's, in a fixed order. */
  private async build(
    link: ShopServerLink,
    kind: 'X' | 'Z',
    number: number | null,
    period: number,
    since: string | null,
    runBy: StaffStamp | null,
  ): Promise<ShopReportView> {
    const sums = await periodSums(link.client, link.shopId, period);
    const { shop, tills } = reportByTill(sums, {
      currency: this.d.currency,
      categories: this.d.categories(),
      noSalesKept: true,
    });
    const now = new Date(this.d.clock.now()).toISOString();
    const until = since !== null && since > now ? since : now;
    const frame = { kind, since, until, runBy } as const;
    return {
      report: { ...frame, number, ...shop },
      tills: tills.map(({ till, report }) => ({
        number: till.number,
        name: till.name,
        report: { ...frame, number: null, till: till.number, ...report } satisfies TillReportView,
      })),
    };
  }

  /** Runs `work` on a connection of its own; a server away or refusing is said in words. */
  private async onServer<T>(work: (link: ShopServerLink) => Promise<T>): Promise<T> {
    const settings = this.d.settings();
    if (!settings.enabled)
      throw new TillError('not_configured', 'No shop server is set up on this till.', {
        words: { key: 'shopReport.notSetUp' },
      });
    let link: ShopServerLink;
    try {
      link = await (this.d.connect ?? connectShopServer)({ settings, password: await this.d.password() });
    } catch (error) {
      const problem = problemOf(error);
      this.d.logger.warn(
        `shop reports: could not reach the shop server (${problem.key})`,
        problem.cause ?? error,
      );
      throw new TillError('unreachable', problem.said.message, { words: problem.said.words });
    }
    try {
      return await work(link);
    } catch (error) {
      if (error instanceof TillError) throw error;
      this.d.logger.error('shop reports: the shop server could not give the report', error);
      const problem = problemOf(error);
      throw new TillError('unreachable', problem.said.message, { words: problem.said.words });
    } finally {
      await link.close();
    }
  }

  private print(receiptId: string, view: ShopReportView, reprint: boolean): void {
    const lines = reportReceipt(view.report, {
      ...this.d.printSettings(),
      reprint,
      byTill: view.tills.map((t) => ({ number: t.number, name: t.name, sales: t.report.sales })),
    });
    this.d.printReceipt(receiptId, lines).catch((error: unknown) => {
      // The report stands whatever the printer does; the spool reports its own problems.
      this.d.logger.error(`could not queue shop report ${receiptId}`, error);
    });
  }
}

// The supplies area's and the catalogue editor's words, produced for real: the distribution
// client against the stand-in supplier on loopback (its switches for refusals, maintenance,
// throttling and broken answers), a refused order's fields, what placing and checking an order
// came to (the supplies service over the stand-in), the connection's settings, the address check
// and order statuses, and the catalogue's edits on real SQLite in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError, type PlaceOrderResult } from '../../../shared/contract';
import { OutboundLimitFault } from '../../../electron/services/common/bounded-fetch';
import { catalogueHandlers } from '../../../electron/services/catalogue/handlers';
import { bulkEdit, saveCategories, saveVatRates } from '../../../electron/services/catalogue/edits';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import { ProductCatalogue } from '../../../electron/services/catalogue/store';
import { openDatabase } from '../../../electron/services/storage/database';
import { DistributionConnection } from '../../../electron/services/supplies/connection';
import * as supplierErrors from '../../../electron/services/supplies/distribution-errors';
import { orderWords } from '../../../electron/services/supplies/order-words';
import { addressProblemsWorded, ORDER_STAGES, orderStatusWords } from '../../../shared/supplies';
import { statusText } from '../../../renderer/src/screens/supplies/status-text';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';
import { fields } from '../catalogue/temp-catalogue';
import {
  GOOD_ADDRESS,
  productIn,
  QUIET_LOG,
  startSupplier,
  startSupplies,
  withTimeMoving,
} from '../supplies/support';
import { refusal, type Worded } from './office-samples';

const fromError = (where: string, error: TillError): Worded => ({
  where,
  text: error.message,
  words: error.words,
});

/** The client's refusals, each from a request the stand-in (or the network) really answered. */
async function clientSamples(): Promise<Worded[]> {
  const s = await startSupplier({ rateLimit: { limit: 1000, windowMs: 60_000 } });
  const once = { retry: { attempts: 1 } };
  const elsewhere = { ...once, baseUrl: `${s.sandbox.baseUrl}/nowhere` };
  // One attempt each: the worded refusal itself, with no back-off to wait through.
  const read = refusal;
  try {
    const out = [
      await read('no such product', () => s.client(once).getProduct(999_999)),
      await read('no such order', () => s.client(once).getOrder(999_999)),
      await read('no product list', () => s.client(elsewhere).listProducts()),
      await read('no order list', () => s.client(elsewhere).listOrders()),
      await read('wrong key', () => s.client({ ...once, apiKey: async () => 'not-the-key' }).listProducts()),
      await read('no key', () => s.client({ ...once, apiKey: async () => null }).listProducts()),
      await read('keychain unreadable', () =>
        s
          .client({ ...once, apiKey: () => Promise.reject(new Error('org.freedesktop.Secret locked')) })
          .listProducts(),
      ),
      await read('not a web address', () =>
        s.client({ ...once, baseUrl: 'till rolls please' }).listProducts(),
      ),
      await read('unreachable', () => s.client({ ...once, baseUrl: 'http://127.0.0.1:1' }).listProducts()),
    ];
    for (const answer of ['malformed', 'oversize', 'server_error'] as const) {
      s.sandbox.control({ nextReadAnswer: answer });
      out.push(await read(`read answered ${answer}`, () => s.client(once).listProducts()));
    }
    for (const seconds of [1, 3, 60, 90]) {
      s.sandbox.control({ throttleNext: { count: 1, retryAfterSeconds: seconds } });
      out.push(await read(`throttled ${seconds} s`, () => s.client(once).listProducts()));
    }
    s.sandbox.control({ maintenance: true });
    out.push(await read('maintenance', () => s.client(once).listProducts()));
    s.sandbox.control({ maintenance: false });
    const lost = await s.client(elsewhere).createOrder({
      address: { ...GOOD_ADDRESS },
      lines: [{ productId: productIn(s.sandbox, 'inStock').id, quantity: 1 }],
    });
    if (!('error' in lost)) throw new Error(`an order to a wrong address was ${lost.kind}`);
    out.push(fromError('order at a wrong address', lost.error));
    return [...out, ...(await refusedOrderSamples(s))];
  } finally {
    await s.close();
  }
}

/** A creation the stand-in refuses, each field it names worded as the till shows it. */
async function refusedOrderSamples(s: Awaited<ReturnType<typeof startSupplier>>): Promise<Worded[]> {
  const lines = [
    { productId: productIn(s.sandbox, 'outOfStock').id, quantity: 1 },
    { productId: 999_999, quantity: 1 },
    { productId: productIn(s.sandbox, 'inStock').id, quantity: 0 },
  ];
  const address = { ...GOOD_ADDRESS, firstName: '', postalCode: 'NOT A CODE!', city: 'x'.repeat(300) };
  const outcome = await s.client().createOrder({ address, lines });
  if (outcome.kind !== 'refused') throw new Error(`the stand-in did not refuse the order (${outcome.kind})`);
  const problems = [
    ...supplierErrors.fieldProblems(outcome.body, lines, () => 'Till rolls'),
    ...supplierErrors.fieldProblems('{"errors":[{"field":"somewhere","reason":"odd"}]}', lines, String),
    ...supplierErrors.fieldProblems('not json', lines, String),
  ];
  return problems.map((p) => ({ where: `refused order ${p.field}`, text: p.message, words: p.words }));
}

/**
 * What placing and checking an order came to, each produced by the supplies service against the
 * stand-in: placed, a repeat (one minute and five), refusals, nothing ordered, lost answers (in
 * doubt, still unreachable, found, not there), settled ones checked again, and a restarted stand-in.
 */
async function orderResultSamples(): Promise<Worded[]> {
  const s = await startSupplies();
  const out: Worded[] = [];
  const said = (where: string, result: PlaceOrderResult) => {
    out.push({ where, text: result.message, words: result.words });
    if (result.outcome === 'in_doubt')
      out.push({ where: `${where} (listed)`, text: result.attempt.message, words: result.attempt.words });
    return result;
  };
  const timed = <T>(work: T | Promise<T>) => withTimeMoving(s.supplier.clock, Promise.resolve(work));
  const inStock = () => productIn(s.supplier.sandbox, 'inStock').id;
  const place = (quantity: number, address = { ...GOOD_ADDRESS }, productId = inStock()) =>
    timed(
      s.handlers['supplies.placeOrder']({ lines: [{ productId, quantity }], address, confirmRepeat: false }),
    );
  const check = (attemptId: string) => timed(s.handlers['supplies.checkAttempt']({ attemptId }));
  /** An order whose answer is lost as the supplier closes: in doubt. */
  const lost = async (where: string, quantity: number) => {
    s.supplier.sandbox.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
    const doubt = said(where, await place(quantity));
    if (doubt.outcome !== 'in_doubt') throw new Error(`${where}: ${doubt.outcome}`);
    return doubt.attempt.attemptId;
  };
  try {
    said('order placed', await place(1));
    await s.supplier.clock.advance(60_000);
    said('repeat after a minute', await place(1));
    await s.supplier.clock.advance(4 * 60_000);
    said('repeat after five minutes', await place(1));
    said('address needs a look', await place(1, { ...GOOD_ADDRESS, city: '' }));
    said('order refused', await place(1, { ...GOOD_ADDRESS }, 999_999));
    s.supplier.sandbox.control({ maintenance: true });
    said('nothing ordered', await place(2));
    s.supplier.sandbox.control({ maintenance: false });

    const found = await lost('answer lost', 3);
    said('checked, supplier still closed', await check(found));
    s.supplier.sandbox.control({ maintenance: false });
    said('lost answer found', await check(found));
    said('found order checked again', await check(found));
    // Not stored at all: the look at the supplier's orders rules it out at once.
    s.supplier.sandbox.control({ nextCreationAnswer: 'drop_unstored' });
    said('lost order not there', await place(4));
    const { id: gone } = s.db
      .prepare('SELECT id FROM supply_order_attempts ORDER BY rowid DESC LIMIT 1')
      .get() as { id: string };
    said('order not placed checked again', await check(gone));
    said('no such attempt', await check('no-such-attempt'));

    // The next start of the till runs a new stand-in elsewhere: the trial there is gone with it.
    const trial = await lost('trial lost', 5);
    const next = await startSupplier({}, s.supplier.clock);
    try {
      Object.assign(s.sandboxEndpoint, { baseUrl: next.sandbox.baseUrl, apiKey: next.sandbox.apiKey });
      said('trial at a restarted stand-in', await check(trial));
    } finally {
      await next.close();
    }
  } finally {
    await s.close();
  }
  for (const where of ['sandbox', 'other'] as const)
    out.push({ where: `in doubt at ${where}`, ...textOf(orderWords.inDoubt(where)) });
  return out;
}

const textOf = ({ message, words }: { message: string; words: Worded['words'] }) => ({
  text: message,
  words,
});

/** What only a broken network or a wrong status gives: the wording functions run directly. */
function wordingSamples(): Worded[] {
  const headers = new Headers();
  const missing = { text: 'That product is not listed.', words: { key: 'supplier.missing.noProduct' } };
  const withCause = (code: string) => Object.assign(new Error('fetch failed'), { cause: { code } });
  return [
    fromError('supplier 400', supplierErrors.statusError(400, headers, 0, missing)),
    fromError('supplier 418', supplierErrors.statusError(418, headers, 0, missing)),
    fromError('supplier 503 no wait', supplierErrors.statusError(503, headers, 0, missing)),
    fromError('supplier certificate', supplierErrors.networkError(withCause('CERT_HAS_EXPIRED'))),
    fromError(
      'supplier slow',
      supplierErrors.limitError(new OutboundLimitFault('not_finished_in_time', 10, 1000)),
    ),
  ];
}

async function connectionSamples(): Promise<Worded[]> {
  const settings = { load: () => ({ distribution: { mode: 'live', liveBaseUrl: '', orderMethod: 'POST' } }) };
  const connection = new DistributionConnection(
    settings as never,
    {} as never,
    async () => ({ baseUrl: '', apiKey: '' }),
    {
      clock: new ManualClock(0),
      log: QUIET_LOG,
    },
  );
  return [await refusal('no live address', () => connection.client())];
}

/** The address check and the order statuses, as the screens show them (through the catalogue). */
function addressAndStatusSamples(): Worded[] {
  const bad = [
    { ...GOOD_ADDRESS, firstName: '', lastName: '', phoneNumber: 'call me', country: 'XX' },
    { ...GOOD_ADDRESS, postalCode: '123', city: 'y'.repeat(200), notes: 'n'.repeat(2000) },
  ];
  const address = bad.flatMap((a, i) =>
    Object.entries(addressProblemsWorded(a)).map(([field, p]) => ({
      where: `address ${i} ${field}`,
      text: p.message,
      words: p.words,
    })),
  );
  const statuses = [...ORDER_STAGES, 'On the lorry <b>', ''].map((status) => ({
    where: `order status “${status}”`,
    text: orderStatusWords(status),
    shown: () => statusText(status),
  }));
  return [...address, ...statuses];
}

async function catalogueEditSamples(folder: string): Promise<Worded[]> {
  const db = openDatabase(join(folder, 'catalogue.sqlite'), CATALOGUE_MIGRATIONS, new ManualClock(0));
  try {
    const catalogue = new ProductCatalogue(db, 'GBP');
    const ids = catalogue.write([
      fields({ sku: 'T1', name: 'Tea' }),
      fields({ sku: 'T2', name: 'Coffee', price: 90_000_000 }),
      fields({ sku: 'T3', name: 'Cake', vatRate: 500 }),
    ]);
    const all = ids.map(String);
    const handlers = catalogueHandlers({
      catalogue,
      requireBackOffice: () => null,
      supplierProduct: async () => ({ sku: 'S1', name: 'Cups' }),
      onChange: () => undefined,
      today: () => '1970-01-01',
      audit: auditOn(db),
    });
    const rates = (points: number[]) => points.map((basisPoints) => ({ basisPoints, label: 'Rate' }));
    return Promise.all([
      refusal('bulk unknown rate', () => bulkEdit(catalogue, all, { kind: 'vatRate', vatRate: 1234 })),
      refusal('bulk price too large', () =>
        bulkEdit(catalogue, all, { kind: 'percent', basisPoints: 90_000 }),
      ),
      refusal('categories same name', () =>
        saveCategories(catalogue, [
          { name: 'Drinks', colour: null },
          { name: 'drinks', colour: null },
        ]),
      ),
      refusal('rate twice', () => saveVatRates(catalogue, null, rates([2000, 2000]))),
      refusal('no VAT for country', () => saveVatRates(catalogue, 'ZZ', rates([2000]))),
      refusal('rates in use', () => saveVatRates(catalogue, null, rates([0]))),
      refusal('one product on a removed rate', () => saveVatRates(catalogue, null, rates([2000]))),
      refusal('save a product gone', () =>
        handlers['catalogue.saveProduct']({ id: 'gone', ...fields({ sku: 'T9', name: 'Gone' }) } as never),
      ),
    ]);
  } finally {
    db.close();
  }
}

/** Every sample of the supplies area and the catalogue editor; the temp folder is removed after. */
export async function suppliesSamples(): Promise<Worded[]> {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-supplies-words-'));
  try {
    return [
      ...(await clientSamples()),
      ...(await orderResultSamples()),
      ...wordingSamples(),
      ...(await connectionSamples()),
      ...addressAndStatusSamples(),
      ...(await catalogueEditSamples(folder)),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

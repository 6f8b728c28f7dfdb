// A finished card sale reaches paper: the customer's card slip and the shop's sale receipt go
// to a network printer (the emulator, over real TCP) and to the preview; a signature sale prints
// the merchant copy (to be signed) first; printer commands a card service leaks into its slip text
// are printed as ? marks, never obeyed; cash opens the drawer. Bytes are decoded by the tests'
// own ESC/POS interpreter.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import { basketEndingIn as basketEndingInTotal, startTestTill, type TestTill } from '../../support/till';
import { decodeEscPos } from '../printing/escpos-decoder';
import { hostile } from '../../support/hostile-card-service';
import type { Product } from '../../../shared/contract';

let t: TestTill;
let emulator: PrinterEmulator;
let products: Product[];

before(async () => {
  emulator = await startPrinterEmulator();
  t = await startTestTill();
  await t.call('settings.update', {
    patch: {
      shop: { name: 'The Kings Arms', addressLines: ['12 High Street'] },
      printers: [
        { id: 'preview', name: 'On-screen preview', transport: 'preview' },
        {
          id: 'counter',
          name: 'Counter',
          transport: 'network',
          address: emulator.address,
          drawer: { enabled: true, pin: 2 },
        },
      ],
      receiptPrinterId: 'counter',
    },
  });
  products = (await t.call('catalogue.get', {})).products;
});
after(async () => {
  await t.close();
  await emulator.close();
});

const basketEndingIn = (suffix: number) => basketEndingInTotal(products, suffix);
const text = (job: Buffer) =>
  decodeEscPos(job)
    .lines.map((l) => l.text)
    .join('\n');

test('a card sale prints the customer copy, then the sale receipt, on the printer', async () => {
  const jobsBefore = emulator.jobs().length;
  const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
  await t.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });
  const jobs = (await emulator.waitForJobs(jobsBefore + 2, 20_000)).slice(jobsBefore);
  assert.match(text(jobs[0]!), /CUSTOMER COPY/);
  assert.doesNotMatch(text(jobs[0]!), /MERCHANT COPY/);
  assert.match(text(jobs[1]!), /The Kings Arms/i);
  assert.match(text(jobs[1]!), new RegExp(sale.receiptNumber));
  assert.match(text(jobs[1]!), /£/);
  const kicks = decodeEscPos(jobs[1]!).events.filter((e) => e.type === 'drawerKick');
  assert.equal(kicks.length, 0, 'no drawer kick for a card-only sale');
});

test('a signature sale prints the merchant copy with the signature line before anything else', async () => {
  const jobsBefore = emulator.jobs().length;
  const sale = await t.call('sales.open', { lines: basketEndingIn(4) });
  const asking = t.waitForEvent(
    'payments.updated',
    (p) => p.saleId === sale.saleId && p.state === 'signature',
  );
  const payment = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: '22900001',
    amount: sale.total,
  });
  const prompt = await asking;
  assert.ok(prompt.signatureDeadline, 'the cashier sees a deadline');
  const [merchant] = (await emulator.waitForJobs(jobsBefore + 1, 20_000)).slice(jobsBefore);
  assert.match(text(merchant!), /SIGN BELOW/);
  assert.match(text(merchant!), /MERCHANT COPY/);
  await t.call('payments.answerSignature', { paymentId: payment.paymentId, accepted: true });
  const jobs = (await emulator.waitForJobs(jobsBefore + 3, 20_000)).slice(jobsBefore);
  assert.match(text(jobs[1]!), /CUSTOMER COPY/);
  assert.match(text(jobs[2]!), new RegExp(sale.receiptNumber));
  const preview = await t.call('printing.preview', { limit: 50 });
  const mine = preview.filter((r) => r.receiptId.startsWith(payment.paymentId));
  assert.deepEqual(
    mine.map((r) => r.printerId),
    ['counter', 'counter'],
    'both slips went to the receipt printer (the preview lists every printed receipt)',
  );
});

test('printer commands inside the card machine’s slip text never reach the printer or the on-screen preview', async () => {
  const sandbox = (await t.till.sandbox()).payAtCounter;
  await hostile(sandbox, { on: 'read', answer: 'control_characters' });
  try {
    const jobsBefore = emulator.jobs().length;
    const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
    const payment = await t.call('sales.payCard', {
      saleId: sale.saleId,
      terminalId: '22900001',
      amount: sale.total,
    });
    const [slip] = (await emulator.waitForJobs(jobsBefore + 2, 20_000)).slice(jobsBefore);
    // The decoder plays the printer: a leaked ESC @ would show as a reset, GS V NUL as a cut.
    const printed = decodeEscPos(slip!);
    assert.equal(printed.events.filter((e) => e.type === 'init').length, 1, 'only the job’s own reset');
    assert.equal(printed.events.filter((e) => e.type === 'cut').length, 1, 'only the job’s own cut');
    assert.match(text(slip!), /\?@ *CUSTOMER COPY *\?V\?\?/, 'each command printed as ? marks, visibly');
    const rawControl = /(?!\n)\p{Cc}/u;
    const preview = (await t.call('printing.preview', { limit: 50 })).find(
      (r) => r.receiptId === `${payment.paymentId}:customer`,
    );
    assert.ok(preview && preview.lines.some((l) => /^\?@ *CUSTOMER COPY *\?V\?\?$/.test(l.value)));
    assert.deepEqual(
      preview.lines.filter((l) => rawControl.test(l.value)),
      [],
      'the preview’s lines carry none',
    );
  } finally {
    await hostile(sandbox, null);
  }
});

test('cash opens the drawer with the full five-byte kick', async () => {
  const jobsBefore = emulator.jobs().length;
  const sale = await t.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total + 500 });
  const [receipt] = (await emulator.waitForJobs(jobsBefore + 1, 20_000)).slice(jobsBefore);
  const kicks = decodeEscPos(receipt!).events.filter((e) => e.type === 'drawerKick');
  assert.equal(kicks.length, 1);
  assert.match(text(receipt!), /Change/i);
});

test('with the preview as receipt printer, the same receipts appear on screen', async () => {
  await t.call('settings.update', { patch: { receiptPrinterId: 'preview' } });
  const sale = await t.call('sales.open', { lines: basketEndingIn(20) });
  const payment = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: '22900001',
    amount: sale.total,
  });
  await t
    .waitForEvent('sales.updated', (s) => s.saleId === sale.saleId && s.state === 'completed')
    .catch(() => undefined);
  let preview = await t.call('printing.preview', { limit: 50 });
  for (let i = 0; i < 50 && !preview.some((r) => r.receiptId === `${sale.saleId}:sale`); i++) {
    await new Promise((r) => setTimeout(r, 100));
    preview = await t.call('printing.preview', { limit: 50 });
  }
  const ids = preview.map((r) => r.receiptId);
  assert.ok(ids.includes(`${payment.paymentId}:customer`));
  assert.ok(ids.includes(`${sale.saleId}:sale`));
  const slip = preview.find((r) => r.receiptId === `${payment.paymentId}:customer`)!;
  assert.ok(slip.lines.some((l) => /CUSTOMER COPY/.test(l.value)));
});

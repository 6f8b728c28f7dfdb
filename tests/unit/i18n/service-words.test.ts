// The services' worded messages, produced by running the wording functions with sample inputs
// (not by reading source): none shows staff an internal, every key they send is in both
// catalogues, and the English catalogue says exactly what the service says in English.
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERROR_CODES, TillError, type ErrorCode, type Words } from '../../../shared/contract';
import { OutboundLimitFault } from '../../../electron/services/common/bounded-fetch';
import * as cardErrors from '../../../electron/services/payments/pay-at-counter-errors';
import * as wording from '../../../electron/services/payments/wording';
import type { PaymentView as RunnerPaymentView } from '../../../electron/services/payments/payment-view';
import { toContractPaymentView } from '../../../electron/services/sales/payment-view';
import * as supplierErrors from '../../../electron/services/supplies/distribution-errors';
import { describeConnectionError } from '../../../electron/services/storage/settings-messages';
import { i18n } from '../../../renderer/src/i18n';
import { en } from '../../../renderer/src/i18n/en';
import { wordsText } from '../../../renderer/src/i18n/words';
import { offences } from './staff-words';
import { counterWordings, rightsWordings, type Worded } from './counter-words';
import { officeSamples } from './office-samples';
import { suppliesSamples } from './supplies-samples';
import { backupSamples } from './backup-samples';
import { BACKUP_WORDS } from '../../../shared/backup-words';
import { shopServerSamples } from './shop-server-samples';

const fromError = (where: string, error: TillError): Worded => ({
  where,
  text: error.message,
  words: error.words,
});

const asked = { type: 'SALE' as const, amount: 1250, currency: 'GBP', refundableLeft: null };
const answered = {
  type: 'SALE',
  result: 'SUCCESSFUL',
  currency: 'GBP',
  base: 1300,
  cashback: 0,
  gratuity: 0,
  total: 1300,
};

function paymentWordings(): Worded[] {
  const out: Worded[] = [];
  for (const code of wording.DOCUMENTED_NOTIFICATIONS)
    out.push({ where: `notification ${code}`, text: wording.describeNotification(code) });
  for (const result of [null, 'SUCCESSFUL', 'TRANSACTION_UNSUCCESSFUL', 'CANCELLED', 'VOID', 'TIMED_OUT'])
    out.push({ where: `result ${result}`, text: wording.describeResult(result) });
  for (const reason of [
    'undocumented_result',
    'type',
    'currency',
    'negative_amount',
    'missing_amount',
    'amount',
    'total',
    'over_refundable',
  ] as const) {
    out.push({
      where: `mismatch ${reason}`,
      text: wording.mismatchText({ reason, asked, answered } as Parameters<typeof wording.mismatchText>[0]),
    });
  }
  out.push({
    where: 'mismatch resolved',
    text: wording.mismatchResolvedText({
      outcome: 'paid',
      note: 'Checked the slip',
      by: 'Sam',
      at: '',
    } as never),
  });
  for (const constant of [
    wording.TRANSACTION_LOST_PROBLEM,
    wording.READS_FAILING_PROBLEM,
    wording.OUTCOME_UNKNOWN,
    wording.NOT_SENT_BEFORE_STOP,
    wording.STOPPED_WHILE_STARTING,
    wording.CANCEL_REFUSED,
  ])
    out.push({ where: 'payment problem', text: constant });
  // The runner words an unclear start with the card service's own worded error.
  const timeout = cardErrors.networkError(Object.assign(new Error('x'), { name: 'TimeoutError' }));
  out.push({ where: 'no clear start', text: wording.noClearStartAnswer(timeout.message) });
  out.push({ where: 'no clear reprint', text: wording.noClearReprintAnswer(timeout.message) });
  // Why an outcome is not known, by key (the "Was it paid?" box says it).
  const { noClearStart, ...fixed } = wording.UNCLEAR;
  for (const [name, reason] of Object.entries(fixed))
    out.push({ where: `unclear ${name}`, text: reason.text, words: reason.words });
  for (const [why, error] of [
    ['keyed', timeout],
    ['in words only', new TillError('service_error', 'The card service failed.')],
    ['plain', new Error('socket hang up')],
  ] as const) {
    const reason = noClearStart(error);
    out.push({ where: `unclear start ${why}`, text: reason.text, words: reason.words });
  }
  return out;
}

function runnerView(overrides: Partial<RunnerPaymentView>): RunnerPaymentView {
  return {
    id: 'pay-1',
    saleId: 'sale-1',
    originalPaymentId: null,
    terminalId: 'T1',
    type: 'SALE',
    amount: 123450,
    currency: 'GBP',
    state: 'started',
    transactionId: 'tx-1',
    notifications: [],
    result: null,
    successful: false,
    amounts: null,
    receipts: null,
    resolution: null,
    problem: null,
    problemWords: null,
    mismatch: null,
    staff: null,
    awaitingSignature: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  } as RunnerPaymentView;
}

const seen = (code: string) => ({ code, text: wording.describeNotification(code), seenAt: 0 });
const finished = { currency: 'GBP', base: 123450, total: 123450, cashback: 0, gratuity: 0 };

function paymentMessages(): Worded[] {
  const samples: Array<[string, RunnerPaymentView, { cancelRefused?: boolean }?]> = [
    ['starting', runnerView({ state: 'starting' })],
    ['waiting', runnerView({})],
    ['in progress', runnerView({ notifications: [seen('INSERT_CARD'), seen('PIN_ENTRY')] })],
    ['cancel refused', runnerView({ notifications: [seen('PIN_ENTRY')] }), { cancelRefused: true }],
    ['signature', runnerView({ awaitingSignature: { deadline: 0 } })],
    ['unknown', runnerView({ state: 'unknown' })],
    ['unknown because', runnerView({ state: 'unknown', problem: wording.STOPPED_WHILE_STARTING })],
    ['not sent', runnerView({ state: 'failed_to_start' })],
    ['needs manager', runnerView({ state: 'needs_manager' })],
    ['resolved paid', runnerView({ state: 'unknown', resolution: { outcome: 'paid' } as never })],
    ['resolved not paid', runnerView({ state: 'unknown', resolution: { outcome: 'not_paid' } as never })],
    [
      'approved',
      runnerView({ state: 'finished', successful: true, result: 'SUCCESSFUL', amounts: finished }),
    ],
    [
      'approved tip and cashback',
      runnerView({
        state: 'finished',
        successful: true,
        result: 'SUCCESSFUL',
        amounts: { ...finished, gratuity: 200, cashback: 1000, total: 124650 },
      }),
    ],
    [
      'approved tip',
      runnerView({
        state: 'finished',
        successful: true,
        amounts: { ...finished, gratuity: 200, total: 123650 },
      }),
    ],
    [
      'approved cashback',
      runnerView({
        state: 'finished',
        successful: true,
        amounts: { ...finished, cashback: 500, total: 123950 },
      }),
    ],
    ['refunded', runnerView({ type: 'REFUND', state: 'finished', successful: true, amounts: finished })],
    ['declined', runnerView({ state: 'finished', result: 'TRANSACTION_UNSUCCESSFUL' })],
    ['no result', runnerView({ state: 'finished', result: null })],
  ];
  return samples.map(([where, view, ui]) => {
    const contract = toContractPaymentView(view, ui);
    return { where: `payment ${where}`, text: contract.message, words: contract.words };
  });
}

function cardServiceErrors(): Worded[] {
  const headers = new Headers({ 'retry-after': '3' });
  const withCause = (code: string) => Object.assign(new Error('fetch failed'), { cause: { code } });
  const out = [400, 401, 404, 422, 429, 500, 503, 418].map((status) =>
    fromError(`card service ${status}`, cardErrors.statusError(status, headers, 0)),
  );
  out.push(fromError('card service refused', cardErrors.networkError(withCause('ECONNREFUSED'))));
  out.push(fromError('card service certificate', cardErrors.networkError(withCause('CERT_HAS_EXPIRED'))));
  out.push(
    fromError(
      'card service timeout',
      cardErrors.networkError(Object.assign(new Error('x'), { name: 'AbortError' })),
    ),
  );
  out.push(fromError('card service not prepared', cardErrors.neverSent(new TypeError('Invalid URL'))));
  for (const kind of ['too_large', 'no_headers_in_time', 'not_finished_in_time'] as const)
    out.push(
      fromError(`card service limit ${kind}`, cardErrors.limitError(new OutboundLimitFault(kind, 10, 1000))),
    );
  out.push(fromError('card slip too long', cardErrors.receiptTooLongError('91 lines in one copy')));
  out.push(fromError('card report unreadable', cardErrors.reportUnreadableError(new Error('x'))));
  return out;
}

function supplierAndSettingsErrors(): Worded[] {
  const headers = new Headers({ 'retry-after': '90' });
  const out = [400, 401, 404, 429, 500, 503, 418].map((status) =>
    fromError(
      `supplier ${status}`,
      supplierErrors.statusError(status, headers, 0, {
        text: 'The supplier no longer lists that product.',
        words: { key: 'supplier.missing.noProduct' },
      }),
    ),
  );
  out.push(fromError('supplier refused', supplierErrors.networkError(new TypeError('fetch failed'))));
  out.push(fromError('supplier unreadable', supplierErrors.unreadableError('Unexpected token < in JSON')));
  for (const service of ['payAtCounter', 'distribution', 'merchant'] as const) {
    for (const code of ERROR_CODES)
      out.push({
        where: `connection test ${service} ${code}`,
        text: describeConnectionError(
          new TillError(code as ErrorCode, 'connect ECONNREFUSED', { retryAfterMs: 5000 }),
          service,
        ),
      });
    out.push({
      where: `connection test ${service} unexpected`,
      text: describeConnectionError(new TypeError('fetch failed'), service),
    });
  }
  return out;
}

const everything = () => [
  ...paymentWordings(),
  ...paymentMessages(),
  ...cardServiceErrors(),
  ...supplierAndSettingsErrors(),
];

test('no worded message of the services shows an id, a URL path, an error class or a code', () => {
  const all = everything();
  assert.ok(all.length > 80, `only ${all.length} samples`);
  assert.deepEqual(offences(all), []);
});

/** A plural message (`…_one`, `…_other`) is found by its count. */
const pluralCount = (words: Words) =>
  typeof words.params?.['count'] === 'number' ? { count: words.params['count'] } : {};

/** Each keyed message's key in both catalogues, and the English catalogue saying what the service says. */
function keyProblems(keyed: readonly Worded[]): string[] {
  const problems: string[] = [];
  for (const { where, text, words } of keyed) {
    for (const lng of ['en', 'de'])
      if (!i18n.exists(`services.${words!.key}`, { lng, ...pluralCount(words!) }))
        problems.push(`${where}: ${words!.key} missing in ${lng}`);
    const english = wordsText(words, '(fallback)');
    if (english !== text) problems.push(`${where}: catalogue “${english}” ≠ service “${text}”`);
  }
  return problems;
}

test('every key a service sends is in both catalogues, and English says what the service says', () => {
  const keyed = everything().filter((w) => w.words);
  assert.ok(keyed.length >= 30, `only ${keyed.length} keyed messages`);
  assert.deepEqual(keyProblems(keyed), []);
});

test('the counter’s, pricing’s, parked sales’, No-sale’s and the rights’ refusals: keyed, no internals', async () => {
  const all = [...(await counterWordings()), ...(await rightsWordings())];
  assert.ok(all.length >= 40, `only ${all.length} samples`);
  assert.deepEqual(offences(all), []);
  // Every one of them is sent with a key, so a German till never shows these in English.
  assert.deepEqual(
    all.filter((w) => !w.words).map((w) => `${w.where}: ${w.text}`),
    [],
  );
  assert.deepEqual(keyProblems(all), []);
  // And a German till says each in German: a wrong PIN, several changed prices, a wrong approver.
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual(
      all.filter((w) => wordsText(w.words, w.text) === w.text).map((w) => `${w.where}: still English`),
      [],
    );
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

test('shifts’, till reports’, staff’s, the catalogue’s, reconciliation’s and printing’s refusals: keyed, no internals', async () => {
  const all = await officeSamples();
  assert.ok(all.length >= 50, `only ${all.length} samples`);
  assert.deepEqual(offences(all), []);
  assert.deepEqual(
    all.filter((w) => !w.words && !w.shown).map((w) => `${w.where}: ${w.text}`),
    [],
  );
  assert.deepEqual(keyProblems(all.filter((w) => w.words)), []);
  // A CSV file's bad lines are shown reason by reason from the catalogue: English as the service
  // wrote it, and German in a German till.
  const lines = all.filter((w) => w.shown);
  assert.ok(lines.length >= 5, `only ${lines.length} bad lines`);
  assert.deepEqual(
    lines.filter((w) => w.shown!() !== w.text).map((w) => `${w.where}: “${w.shown!()}” ≠ “${w.text}”`),
    [],
  );
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual(
      lines.filter((w) => !w.shown!().startsWith('Zeile ')).map((w) => `${w.where}: ${w.shown!()}`),
      [],
    );
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

/** The supplies samples, made once (they run the stand-in) for the tests that read them. */
let suppliesMade: ReturnType<typeof suppliesSamples> | null = null;
const suppliesOnce = () => (suppliesMade ??= suppliesSamples());

test('the supplier’s refusals, a refused order’s fields, the address check, order statuses and the catalogue’s edits: keyed, no internals', async () => {
  const all = await suppliesOnce();
  assert.ok(all.length >= 50, `only ${all.length} samples`);
  assert.deepEqual(offences(all), []);
  assert.deepEqual(
    all.filter((w) => !w.words && !w.shown).map((w) => `${w.where}: ${w.text}`),
    [],
  );
  assert.deepEqual(keyProblems(all.filter((w) => w.words)), []);
  // Order statuses are written by the screens from their own catalogue: English as the service
  // says, and German in a German till.
  const statuses = all.filter((w) => w.shown);
  assert.deepEqual(
    statuses.filter((w) => w.shown!() !== w.text).map((w) => `${w.where}: “${w.shown!()}” ≠ “${w.text}”`),
    [],
  );
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual(
      statuses.filter((w) => w.shown!() === w.text).map((w) => `${w.where}: still English`),
      [],
    );
    const keyed = all.filter((w) => w.words);
    assert.deepEqual(
      keyed.filter((w) => wordsText(w.words, w.text) === w.text).map((w) => `${w.where}: still English`),
      [],
    );
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

/** A catalogue section's keys as the services send them (plural forms by their stem). */
function sentKeys(section: object, prefix: string): string[] {
  return Object.entries(section).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}.${key.replace(/_(one|other)$/, '')}`]
      : sentKeys(value as object, `${prefix}.${key}`),
  );
}

test('what placing and checking an order came to: every result sampled, and a German till reads it in German', async () => {
  const all = await suppliesOnce();
  const sampled = new Set(all.map((w) => w.words?.key));
  const results = [...new Set(sentKeys(en.services.supplyOrder, 'supplyOrder'))];
  assert.deepEqual(
    results.filter((key) => !sampled.has(key)),
    [],
  );
  const shown = (where: string) => {
    const sample = all.find((w) => w.where === where);
    assert.ok(sample, where);
    return wordsText(sample.words, sample.text);
  };
  await i18n.changeLanguage('de-DE');
  try {
    assert.equal(shown('order placed'), 'Die Bestellung ist beim Lieferanten aufgegeben.');
    assert.equal(
      shown('repeat after five minutes'),
      'Dieselben Artikel wurden vor 5 Minuten an dieselbe Adresse bestellt. Noch einmal bestellen?',
    );
    assert.equal(
      shown('repeat after a minute'),
      'Dieselben Artikel wurden vor 1 Minute an dieselbe Adresse bestellt. Noch einmal bestellen?',
    );
    // The supplier's own refusal inside the sentence, in German too, with its wait.
    assert.equal(
      shown('nothing ordered'),
      'Es wurde nichts bestellt. Der Lieferant ist gerade wegen Wartung geschlossen. In 2 Minuten erneut versuchen.',
    );
    assert.match(shown('checked, supplier still closed'), /^Der Lieferant ist weiterhin nicht erreichbar/);
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

test('backups’ words (results, folder checks, restores, the top bar): keyed, no internals, German too', async () => {
  const all = await backupSamples();
  const sampled = new Set(all.map((w) => w.words?.key));
  assert.deepEqual(
    Object.keys(BACKUP_WORDS).filter((key) => !sampled.has(`backup.${key}`)),
    [],
    'every word of the table',
  );
  // Produced for real, not only from the table: a folder check, a backup made, one that failed.
  for (const key of [
    'folderNotAbsolute',
    'done',
    'doneNoSales',
    'folderMissing',
    'tillHasSales',
    'notABackup',
  ])
    assert.ok(
      all.some((w) => w.words?.key === `backup.${key}` && !w.where.startsWith('backup words')),
      `${key} produced by the till`,
    );
  assert.deepEqual(offences(all), []);
  assert.deepEqual(
    all.filter((w) => !w.words).map((w) => `${w.where}: ${w.text}`),
    [],
  );
  assert.deepEqual(keyProblems(all), []);
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual(
      all.filter((w) => wordsText(w.words, w.text) === w.text).map((w) => `${w.where}: still English`),
      [],
    );
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

test('a card sale reads German throughout: progress, approval with € amounts, a refusal', async () => {
  await i18n.changeLanguage('de-DE');
  const { setMoneyLocale } = await import('../../../shared/money');
  setMoneyLocale('de-DE');
  try {
    const progress = toContractPaymentView(runnerView({ notifications: [seen('PIN_ENTRY')] }));
    assert.equal(wordsText(progress.words, progress.message), 'Kunde: PIN eingeben');
    const paid = toContractPaymentView(
      runnerView({
        currency: 'EUR',
        state: 'finished',
        successful: true,
        amounts: { ...finished, currency: 'EUR' },
      }),
    );
    assert.equal(wordsText(paid.words, paid.message), 'Genehmigt: 1.234,50\u00a0€.');
    const busy = cardErrors.statusError(422, new Headers(), 0);
    assert.equal(
      wordsText(busy.words, busy.message),
      'Das Kartenterminal ist beschäftigt oder hat die Anfrage abgelehnt.',
    );
  } finally {
    setMoneyLocale('en-GB');
    await i18n.changeLanguage('en-GB');
  }
});

test('the shop server’s pill, its reasons and its connection test: keyed, no internals, every key sampled, German in German', async () => {
  const all = shopServerSamples();
  assert.deepEqual(offences(all), []);
  assert.deepEqual(
    all.filter((w) => !w.words).map((w) => `${w.where}: ${w.text}`),
    [],
  );
  assert.deepEqual(keyProblems(all), []);
  const sampled = new Set(all.map((w) => w.words!.key));
  assert.deepEqual(
    sentKeys(en.services.shopServer, 'shopServer').filter((key) => !sampled.has(key)),
    [],
  );
  const shown = (where: string) => {
    const sample = all.find((w) => w.where === where);
    assert.ok(sample, where);
    return wordsText(sample.words, sample.text);
  };
  assert.equal(shown('offline 5 pill'), 'Shop server: offline, 5 sales waiting');
  assert.equal(shown('offline 1 pill'), 'Shop server: offline, 1 sale waiting');
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual(
      all.filter((w) => wordsText(w.words, w.text) === w.text).map((w) => `${w.where}: still English`),
      [],
    );
    assert.equal(shown('offline 5 pill'), 'Filialserver: offline, 5 Verkäufe warten');
    assert.match(shown('connection wrong number'), /als Kasse 3, diese Kasse ist aber als Kasse 2/);
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

// The "Was it paid?" box on a card payment whose outcome is not known says why, in the till's
// language: the payment's own reason (its reads kept failing, the service stopped knowing it, the
// start's answer was lost), or that the answer was lost when it kept none; the question and the
// three buttons stay. Rendered for real (React's server renderer), so the text is what a cashier reads.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PaymentView } from '../../../shared/contract';
import { i18n } from '../../../renderer/src/i18n';
import { UnknownOutcome } from '../../../renderer/src/screens/sell/UnknownOutcome';
import { UNCLEAR } from '../../../electron/services/payments/wording';
import { TillError } from '../../../shared/contract/errors';

after(() => i18n.changeLanguage('en-GB'));
// Outside Vite, tsx compiles the screens' JSX the classic way (React.createElement): give it React.
Object.assign(globalThis, { React });

const unknownPayment = (unknownReason?: PaymentView['unknownReason']): PaymentView => ({
  paymentId: 'pay-1',
  saleId: 'sale-1',
  type: 'SALE',
  terminalId: '22900001',
  amount: 1250,
  currency: 'GBP',
  state: 'unknown',
  result: null,
  successful: false,
  notifications: [],
  canCancel: false,
  cancelRefused: false,
  signatureDeadline: null,
  amountTotal: null,
  amountGratuity: null,
  amountCashback: null,
  mismatch: null,
  message: 'What the services say of the whole payment.',
  staff: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:30.000Z',
  ...(unknownReason && { unknownReason }),
});

/** The reason as the runner keeps it, sent on the payment as the sales area does. */
const asSent = ({ text, words }: { text: string; words: NonNullable<PaymentView['words']> }) => ({
  message: text,
  words,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The box's reason (its own paragraph), its question and its buttons. */
function box(payment: PaymentView): { reason: string; question: string; buttons: string[] } {
  const html = renderToStaticMarkup(React.createElement(UnknownOutcome, { payment }));
  const reason = /<p data-testid="unknown-reason">(.*?)<\/p>/.exec(html)?.[1];
  const question = /<div class="unknown" role="alert"><h3>(.*?)<\/h3>/.exec(html)?.[1];
  assert.ok(reason !== undefined && question !== undefined, html);
  const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => text(m[1]!).trim());
  return { reason: text(reason).trim(), question: text(question).trim(), buttons };
}

const timeout = new TillError('timeout', 'The card service did not answer in time.', {
  words: { key: 'cardService.timeout' },
});

test('English: each reason the payment kept, in its words; none kept: the answer was lost', async () => {
  await i18n.changeLanguage('en-GB');
  const cases: Array<[PaymentView['unknownReason'], string]> = [
    [asSent(UNCLEAR.readsFailing), UNCLEAR.readsFailing.text],
    [asSent(UNCLEAR.transactionLost), UNCLEAR.transactionLost.text],
    [
      asSent(UNCLEAR.noClearStart(timeout)),
      'No clear answer to the start: The card service did not answer in time. The card machine may be taking the payment.',
    ],
    [undefined, 'The answer from the card service was lost.'],
  ];
  for (const [reason, said] of cases) {
    const shown = box(unknownPayment(reason));
    assert.equal(shown.reason, said);
    assert.equal(shown.question, 'Was it paid? Check the card machine');
    assert.deepEqual(shown.buttons, ['It was paid', 'It was not paid', 'Print last receipt']);
  }
});

test('German: the reason in German, the card service’s own words inside it German too', async () => {
  await i18n.changeLanguage('de-DE');
  const cases: Array<[PaymentView['unknownReason'], string]> = [
    [
      asSent(UNCLEAR.readsFailing),
      'Die Kasse konnte mehrere Minuten lang die Antworten des Kartendienstes zu dieser Zahlung nicht lesen: Sehen Sie am Kartenterminal nach.',
    ],
    [
      asSent(UNCLEAR.transactionLost),
      'Der Kartendienst kennt diese Zahlung nicht mehr: Sehen Sie am Kartenterminal nach.',
    ],
    [
      asSent(UNCLEAR.noClearStart(timeout)),
      'Keine klare Antwort auf den Start: Der Kartendienst hat nicht rechtzeitig geantwortet. Das Kartenterminal nimmt die Zahlung vielleicht gerade an.',
    ],
    [undefined, 'Die Antwort des Kartendienstes ging verloren.'],
    // Kept before reasons had keys: its English is all there is.
    [{ message: 'Outcome unknown.' }, 'Outcome unknown.'],
  ];
  for (const [reason, said] of cases) {
    const shown = box(unknownPayment(reason));
    assert.equal(shown.reason, said);
    assert.equal(shown.question, 'Wurde bezahlt? Sehen Sie am Kartenterminal nach');
    assert.deepEqual(shown.buttons, ['Wurde bezahlt', 'Wurde nicht bezahlt', 'Letzten Beleg drucken']);
  }
});

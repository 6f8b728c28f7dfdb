// The card-machine picker (Sell's payment panel, the standalone refund, Reports) as a German euro
// shop meets it: machines in the shop's currency first and one of them chosen to start with (the
// one Settings name, when it takes that currency), each unnamed machine worded in the till's
// language, never the services' English fallback. The picker is rendered for real (React's
// server renderer), so the option text is what a cashier reads.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Terminal } from '../../../shared/contract';
import { i18n } from '../../../renderer/src/i18n';
import { defaultTerminal, shopCurrencyFirst } from '../../../renderer/src/state/terminals';
import { TerminalPicker } from '../../../renderer/src/screens/sell/TerminalPicker';

after(() => i18n.changeLanguage('en-GB'));
// Outside Vite, tsx compiles the screens' JSX the classic way (React.createElement): give it React.
Object.assign(globalThis, { React });

const machine = (terminalId: string, currency: string, status = 'AVAILABLE', name?: string): Terminal => ({
  terminalId,
  // What the services send for an unnamed machine: their English fallback.
  name: name ?? `Card machine ending ${terminalId.slice(-4)}`,
  named: name !== undefined,
  currency,
  status,
  lastActivity: null,
  deviceAddress: null,
});

// The sandbox's order: the pound machine first.
const SANDBOX = [machine('22900001', 'GBP'), machine('22900002', 'EUR')];

test('a euro shop gets its euro machines first, each group in the service’s order', () => {
  const listed = [machine('1', 'GBP'), machine('2', 'EUR'), machine('3', 'GBP'), machine('4', 'EUR')];
  assert.deepEqual(
    shopCurrencyFirst(listed, 'EUR').map((t) => t.terminalId),
    ['2', '4', '1', '3'],
  );
  assert.deepEqual(
    shopCurrencyFirst(listed, 'GBP').map((t) => t.terminalId),
    ['1', '3', '2', '4'],
  );
  assert.deepEqual(
    shopCurrencyFirst(listed, null).map((t) => t.terminalId),
    ['1', '2', '3', '4'],
  );
});

test('the picker starts on a machine in the shop’s currency: available first, then any; the Settings one when it fits', () => {
  assert.equal(defaultTerminal(SANDBOX, { currency: 'EUR' })?.terminalId, '22900002');
  assert.equal(defaultTerminal(SANDBOX, { currency: 'GBP' })?.terminalId, '22900001');
  // A busy euro machine is still the euro shop's, not the available pound one.
  const busy = [machine('22900001', 'GBP'), machine('22900002', 'EUR', 'BUSY'), machine('22900003', 'EUR')];
  assert.equal(defaultTerminal(busy, { currency: 'EUR' })?.terminalId, '22900003');
  assert.equal(defaultTerminal(busy.slice(0, 2), { currency: 'EUR' })?.terminalId, '22900002');
  // The machine Settings name, when it takes the shop's currency.
  assert.equal(defaultTerminal(busy, { currency: 'EUR', terminalId: '22900002' })?.terminalId, '22900002');
  assert.equal(defaultTerminal(busy, { currency: 'EUR', terminalId: '22900001' })?.terminalId, '22900003');
  // No machine in the currency: the first available one of another.
  assert.equal(
    defaultTerminal([machine('9', 'GBP', 'BUSY'), machine('8', 'USD')], { currency: 'EUR' })?.terminalId,
    '8',
  );
  assert.equal(defaultTerminal([]), undefined);
});

function pickerOptions(terminals: Terminal[]): string[] {
  const html = renderToStaticMarkup(
    React.createElement(TerminalPicker, { terminals, value: null, onChange: () => {} }),
  );
  return [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

test('German till: unnamed machines in German, a named one as the shop named it, the euro one first', async () => {
  await i18n.changeLanguage('de-DE');
  const options = pickerOptions(
    shopCurrencyFirst([...SANDBOX, machine('22900003', 'GBP', 'BUSY', 'Bar')], 'EUR'),
  );
  assert.equal(options.length, 3);
  assert.match(options[0]!, /^Kartenterminal mit Endung 0002 /);
  assert.match(options[0]!, /EUR/);
  assert.match(options[1]!, /^Kartenterminal mit Endung 0001 /);
  assert.match(options[2]!, /^Bar /);
  for (const option of options) assert.doesNotMatch(option, /Card machine|ending/, option);
});

test('English till: the same machines in English', async () => {
  await i18n.changeLanguage('en-GB');
  const options = pickerOptions(SANDBOX);
  assert.match(options[0]!, /^Card machine ending 0001 /);
  assert.match(options[1]!, /^Card machine ending 0002 /);
});

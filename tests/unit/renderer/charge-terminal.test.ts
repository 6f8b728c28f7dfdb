// Which card machine Charge on card goes to: only one the cashier sees in the list and has
// chosen. A machine remembered from an earlier sale never takes a charge while the list is
// loading, failed to load, is empty, or no longer shows it; each case has its reason in words.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Terminal } from '../../../shared/contract';
import { i18n } from '../../../renderer/src/i18n';
import { chargeTerminal, type ChargeBlock } from '../../../renderer/src/state/terminals';

const machine = (terminalId: string): Terminal => ({
  terminalId,
  name: `Card machine ending ${terminalId.slice(-4)}`,
  named: false,
  currency: 'GBP',
  status: 'AVAILABLE',
  lastActivity: null,
  deviceAddress: null,
});
const front = machine('22900001');
const back = machine('22900003');
const remembered = front.terminalId;

test('a machine shown in the list and chosen takes the charge', () => {
  assert.deepEqual(chargeTerminal([front, back], null, back.terminalId), { terminal: back, blocked: null });
});

test('while the list loads, nothing takes the charge, even the machine chosen for the last sale', () => {
  assert.deepEqual(chargeTerminal(null, null, remembered), { terminal: null, blocked: 'finding' });
});

test('when the list failed to load, the machine chosen for the last sale does not take the charge', () => {
  assert.deepEqual(chargeTerminal(null, 'The card service did not answer in time.', remembered), {
    terminal: null,
    blocked: 'not_listed',
  });
});

test('an empty list, or one without the chosen machine, takes no charge', () => {
  assert.deepEqual(chargeTerminal([], null, remembered), { terminal: null, blocked: 'none' });
  assert.deepEqual(chargeTerminal([back], null, remembered), { terminal: null, blocked: 'not_chosen' });
  assert.deepEqual(chargeTerminal([back], null, null), { terminal: null, blocked: 'not_chosen' });
});

test('each reason the tender shows under Charge on card has words in both languages', () => {
  const shown: ChargeBlock[] = ['finding', 'not_listed', 'not_chosen'];
  for (const lng of ['en', 'de'])
    for (const key of [...shown.map((b) => `chargeBlocked.${b}`), 'machinesNotListed', 'listAgain'])
      assert.ok(i18n.exists(`sell.tender.${key}`, { lng }), `${lng}: sell.tender.${key}`);
});

// A card machine the shop has not named is called by its last digits in the screen's language;
// a name the shop gave is shown as given, whatever the language.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { i18n } from '../../../renderer/src/i18n';
import { listedTerminalName } from '../../../renderer/src/state/terminals';
import { terminalName } from '../../../shared/terminal-names';

after(() => i18n.changeLanguage('en-GB'));

const unnamed = { terminalId: '22900001', name: 'Card machine ending 0001', named: false };
const named = { terminalId: '22900002', name: 'Kasse vorne', named: true };

test('English screens: the last four digits in English; a given name as given', async () => {
  await i18n.changeLanguage('en-GB');
  assert.equal(listedTerminalName(unnamed), 'Card machine ending 0001');
  assert.equal(listedTerminalName(named), 'Kasse vorne');
});

test('German screens: an unnamed machine in German, never the English fallback the services send', async () => {
  await i18n.changeLanguage('de-DE');
  assert.equal(listedTerminalName(unnamed), 'Kartenterminal mit Endung 0001');
  assert.equal(listedTerminalName(named), 'Kasse vorne');
});

test('the one naming rule takes the words for an unnamed machine, and a blank name counts as none', () => {
  const words = (digits: string) => `Terminal …${digits}`;
  assert.equal(terminalName({ '12345678': '  ' }, '12345678', words), 'Terminal …5678');
  assert.equal(terminalName({ '12345678': ' Bar ' }, '12345678', words), 'Bar');
  assert.equal(terminalName({}, '12345678'), 'Card machine ending 5678');
});

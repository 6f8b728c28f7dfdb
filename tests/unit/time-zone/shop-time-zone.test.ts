// A till on a computer set to UTC, in a shop in Berlin: the shop's time zone is a setting (the
// computer's at the first start), and every instant turned into a shop day, an hour or a printed
// time follows it. A sale at 23:30 UTC on the night before the spring change is at 00:30 on the
// next Berlin day, one at 23:30 UTC on the change day at 01:30 summer time; the receipts, the X
// report's hours and files, the Z slip, the history's days and the catalogue export say so.
import { test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { machineTimeZone, startOfShopDay } from '../../../shared/time-zone';
import { JumpClock } from '../../support/jump-clock';
import { startTestTill, type TestTill } from '../../support/till';
import { computerZoneForTest } from '../../support/computer-zone';

const BERLIN = 'Europe/Berlin';

/** The computer's zone for this test: UTC, whatever the machine running it is set to. */
function onAComputerIn(zone: string, t: { after: (fn: () => void) => void }) {
  computerZoneForTest(zone, t);
  assert.equal(machineTimeZone(), zone);
}

async function sellFor(till: TestTill, productId: string) {
  const sale = await till.call('sales.open', { lines: [{ productId, quantity: 1 }] });
  const printed = till.waitForEvent(
    'printing.changed',
    (e) => e.job?.receiptId === `${sale.saleId}:sale` && e.job.state === 'printed',
  );
  const paid = await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  await printed;
  return paid;
}

const receiptText = async (till: TestTill, receiptId: string) =>
  ((await till.call('printing.preview', { limit: 20 })).find((r) => r.receiptId === receiptId)?.lines ?? [])
    .map((l) => l.value)
    .join('\n');

test('the first start takes the computer’s zone; a later start on a computer set elsewhere keeps the shop’s', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-time-zone-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await startTestTill({ catalogueSeedSize: 0, dataDir, computerTimeZone: 'America/New_York' });
  const zone = async (till: TestTill) => (await till.call('settings.get', {})).settings.shop.timeZone;
  try {
    assert.equal(await zone(first), 'America/New_York');
  } finally {
    await first.close();
  }
  const again = await startTestTill({ catalogueSeedSize: 0, dataDir, computerTimeZone: 'UTC' });
  try {
    assert.equal(await zone(again), 'America/New_York', 'the shop did not move with the computer');
    const refused = await again.failure('settings.update', {
      patch: { shop: { timeZone: 'Europe/Atlantis' } },
    });
    assert.equal(refused.code, 'invalid_input');
    assert.equal(await zone(again), 'America/New_York', 'a zone Intl does not know changes nothing');
  } finally {
    await again.close();
  }
});

test('on a computer in UTC, a Berlin shop’s sale at 23:30 UTC is on the next Berlin day, at Berlin time, across the spring change', async (t) => {
  onAComputerIn('UTC', t);
  const clock = new JumpClock();
  const jumpTo = (iso: string) => clock.jump(Date.parse(iso) - clock.now());
  await jumpTo('2026-03-28T20:00:00Z');
  const till = await startTestTill({ clock, catalogueSeedSize: 3 });
  t.after(() => till.close());
  await till.call('settings.update', { patch: { shop: { timeZone: BERLIN } } });
  // The manager serves all night: no idle sign-out between the jumps.
  await till.call('staff.createFirstManager', { name: 'Mara', pin: '4826' });
  await till.call('staff.setIdleSignOut', { minutes: 0 });
  const [product] = (await till.call('catalogue.get', {})).products;

  // Saturday 23:30 UTC: Sunday 00:30 in Berlin (winter time, UTC+1), the night the clocks go on.
  await jumpTo('2026-03-28T23:30:00Z');
  const winter = await sellFor(till, product!.id);
  assert.match(await receiptText(till, `${winter.saleId}:sale`), /^29\/03\/2026 00:30$/m);
  // Sunday 23:30 UTC: Monday 01:30 in Berlin (summer time, UTC+2).
  await jumpTo('2026-03-29T23:30:00Z');
  const summer = await sellFor(till, product!.id);
  assert.match(await receiptText(till, `${summer.saleId}:sale`), /^30\/03\/2026 01:30$/m);

  // The report's hours are Berlin's; its files are named by the Berlin day it ran to.
  await jumpTo('2026-03-29T23:40:00Z');
  const x = await till.call('tillReports.x', {});
  assert.deepEqual(
    x.hours.filter((h) => h.count > 0).map((h) => [h.hour, h.count]),
    [
      [0, 1],
      [1, 1],
    ],
  );
  const files = await till.call('tillReports.exportCsv', {});
  assert.equal(files.summary.fileName, 'x-report-2026-03-30-summary.csv');
  assert.equal(files.lines.fileName, 'x-report-2026-03-30-lines.csv');
  assert.equal((await till.call('catalogue.exportCsv', {})).fileName, 'catalogue-2026-03-30.csv');

  // The Z slip prints Berlin time.
  // Listening before the Z is asked for: its slip may be printed before the answer arrives.
  const zPrinted = till.waitForEvent(
    'printing.changed',
    (e) => /^z-\d+$/.test(e.job?.receiptId ?? '') && e.job?.state === 'printed',
  );
  const z = await till.call('tillReports.z', {});
  assert.equal((await zPrinted).job?.receiptId, `z-${z.number}`);
  assert.match(await receiptText(till, `z-${z.number}`), /^To {3}30\/03\/2026 01:4\d$/m);

  // History by the shop's days: Sunday 29 March (23 hours long) holds the first sale only.
  const onDay = async (day: string) =>
    (
      await till.call('history.search', {
        from: startOfShopDay(day, BERLIN),
        to: startOfShopDay(day, BERLIN, 1),
      })
    ).sales.map((s) => s.receiptNumber);
  assert.deepEqual(await onDay('2026-03-28'), []);
  assert.deepEqual(await onDay('2026-03-29'), [winter.receiptNumber]);
  assert.deepEqual(await onDay('2026-03-30'), [summer.receiptNumber]);
});

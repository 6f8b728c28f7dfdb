// The printer test page and the printer list name a printer as the shop does, never by the
// internal id the settings keep for it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestTill, type TestTill } from '../../support/till';
import { internalsIn } from '../i18n/staff-words';

const NAMED = 'p3f2a9c1d-7b4e-4c2a-9e1f-2b3c4d5e6f70';
const UNNAMED = 'p0a1b2c3d-0000-4000-8000-000000000001';

let t: TestTill;
before(async () => {
  t = await startTestTill();
  await t.call('settings.update', {
    patch: {
      printers: [
        { id: 'preview', name: 'On-screen preview', transport: 'preview' },
        { id: NAMED, name: 'Back room', transport: 'preview' },
        { id: UNNAMED, transport: 'preview' },
      ],
    },
  });
});
after(() => t.close());

async function testPageText(printerId: string): Promise<string> {
  const job = await t.call('printing.testPage', { printerId });
  const preview = (await t.call('printing.preview', { limit: 20 })).find((p) => p.jobId === job.id);
  assert.ok(preview, 'the test page reached the preview');
  return preview.lines.map((l) => l.value).join('\n');
}

test('the test page prints the name the shop gave the printer, not its id', async () => {
  const text = await testPageText(NAMED);
  assert.match(text, /^Printer: Back room$/m);
  assert.doesNotMatch(text, /p3f2a9c1d/);
  assert.doesNotMatch(text, /escpos-portable/, 'the command set in the Settings screen’s words');
  assert.deepEqual(internalsIn(text), []);
});

test('an unnamed printer is called by its kind on the test page and in the printer list', async () => {
  const text = await testPageText(UNNAMED);
  assert.match(text, /^Printer: On-screen preview$/m);
  assert.doesNotMatch(text, /p0a1b2c3d/);
  const listed = (await t.call('printing.printers', {})).find((p) => p.printerId === UNNAMED);
  assert.equal(listed?.name, '', 'no name: the screen words its kind, never the id');
});

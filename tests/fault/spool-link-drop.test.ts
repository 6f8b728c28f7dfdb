// No silent duplicate receipts: the link to a network printer drops right after a complete job,
// before the printer's confirmation (the Epson print-finished ack, or the status round trip)
// comes back. The receipt is on paper but the till cannot know it, so the resend must carry the
// COPY header and the job must count in the top bar until someone marks it checked. Played by the
// loopback emulator over a real socket, against the real spool on a real SQLite file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarisePrinter } from '../../electron/services/app/status';
import { createHarness, networkPrinter, sampleLines, type Harness } from '../unit/printing/spool-harness';
import { decodeEscPos } from '../unit/printing/escpos-decoder';

const COPY_HEADER = /^\W*COPY\W*$/;
const MAY_HAVE_PRINTED = /^\W*may already have printed\W*$/;

function receiptOnPaper(bytes: Buffer) {
  const decoded = decodeEscPos(bytes);
  const texts = decoded.lines.map((l) => l.text);
  return {
    texts,
    hasCopyHeader:
      texts.slice(0, 4).some((t) => COPY_HEADER.test(t)) &&
      texts.slice(0, 4).some((t) => MAY_HAVE_PRINTED.test(t)),
    drawerKicks: decoded.events.filter((e) => e.type === 'drawerKick').length,
  };
}

/** What the top bar shows for the receipt printer: the same summary the till announces. */
async function topBar(h: Harness) {
  return summarisePrinter('counter', await h.service.status());
}

for (const profile of ['escpos-portable', 'epson-tm'] as const) {
  test(`link dropped right after a complete job: one unmarked copy, the resend marked COPY, flagged until checked (${profile})`, async () => {
    const h = await createHarness({ printers: (e) => [networkPrinter(e, { profile })] });
    try {
      h.emulator.setBehaviour({ dropAfterJob: true });
      await h.service.printReceipt('sale-1', sampleLines('sale-1'), { kickDrawer: true });
      const printed = await h.waitForJob('sale-1', (j) => j.state === 'printed');
      await h.pass(500); // long enough for any further resend to show
      const paper = h.emulator.jobs().map(receiptOnPaper);
      assert.equal(paper.length, 2, 'the dropped job and one resend reached the paper');
      const unmarked = paper.filter((p) => !p.hasCopyHeader);
      assert.equal(unmarked.length, 1, 'exactly one copy without the COPY header');
      assert.ok(unmarked[0]!.texts.includes('Receipt sale-1'));
      assert.equal(paper[0], unmarked[0], 'the unmarked copy is the first one');
      assert.ok(paper[1]!.hasCopyHeader, 'the second copy carries "COPY / may already have printed"');
      assert.ok(paper[1]!.texts.includes('Receipt sale-1'));
      assert.equal(paper[0]!.drawerKicks, 1, 'the drawer opened with the receipt');
      assert.equal(paper[1]!.drawerKicks, 0, 'the COPY does not open the drawer again');
      assert.equal(printed.copy, true);
      assert.equal(printed.needsCheck, true);
      assert.equal(printed.attempts, 2);

      assert.equal((await topBar(h)).uncertain, 1, 'the top bar counts it');
      await h.pass(2_000);
      assert.equal((await topBar(h)).uncertain, 1, 'still counted: nobody has looked yet');
      const checked = await h.service.markChecked('sale-1');
      assert.equal(checked.needsCheck, false);
      assert.equal(checked.state, 'printed', 'marking it checked prints nothing and cancels nothing');
      assert.equal((await topBar(h)).uncertain, 0, 'the count drops once someone has looked');
      assert.equal(h.emulator.jobs().length, 2);
    } finally {
      await h.close();
    }
  });
}

test('the flag survives a restart and the jobs behind the dropped one print once, unmarked', async () => {
  const h = await createHarness();
  try {
    h.emulator.setBehaviour({ dropAfterJob: true });
    await h.service.printReceipt('sale-2', sampleLines('sale-2'));
    await h.service.printReceipt('sale-3', sampleLines('sale-3'));
    await h.waitForJob('sale-3', (j) => j.state === 'printed');
    await h.pass(300);
    const paper = h.emulator.jobs().map(receiptOnPaper);
    assert.deepEqual(
      paper.map((p) => [p.texts.find((t) => t.startsWith('Receipt ')), p.hasCopyHeader]),
      [
        ['Receipt sale-2', false],
        ['Receipt sale-2', true],
        ['Receipt sale-3', false],
      ],
      'oldest first; only the resend of the dropped job is marked',
    );

    await h.restart();
    assert.equal((await topBar(h)).uncertain, 1, 'a restart does not forget the job needing a look');
    await h.service.reprint('sale-2');
    assert.equal((await topBar(h)).uncertain, 0, 'asking for a DUPLICATE is looking at it too');
  } finally {
    await h.close();
  }
});

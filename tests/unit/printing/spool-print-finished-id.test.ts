// Epson print-finished confirmation: each send ends with a GS ( H request carrying four printable
// characters, different for every job and for every attempt of a job, and the job counts as printed
// only once the printer has confirmed that same id. A printer that cannot confirm is not asked to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openScriptedSpool } from './scripted-spool';

const REQUEST = '\x1d(H\x06\x0000';

function requestedId(text: string): string | undefined {
  const at = text.indexOf(REQUEST);
  return at < 0 ? undefined : text.slice(at + REQUEST.length);
}

test('every send asks for a print-finished id of its own and waits for that id', async () => {
  const run = await openScriptedSpool({ printFinishedAck: true });
  try {
    run.counter.failNextWith('confirm', 'closed', 'connection lost before confirmation');
    const ids = Array.from({ length: 12 }, (_, i) => `r-${i + 1}`);
    for (const id of ids) run.enqueue(id);
    for (const id of ids) await run.until(id, (j) => j.state === 'printed');

    const sent = run.counter.written.map((w) => w.text);
    assert.equal(sent.length, ids.length + 1, 'r-1 went twice (its link broke before the ack)');
    assert.ok(sent[0]!.startsWith('Receipt r-1') && sent[1]!.startsWith('COPY Receipt r-1'));
    const requested = sent.map(requestedId);
    for (const id of requested) assert.match(id ?? '(none)', /^[0-9A-Z]{4}$/);
    assert.equal(new Set(requested).size, requested.length, `all different: ${requested.join(' ')}`);
    assert.deepEqual(run.counter.confirmedIds, requested.slice(1), 'each printed job waited for its own id');
  } finally {
    await run.close();
  }
});

test('a printer that cannot confirm gets the receipt alone and is not asked to confirm', async () => {
  const run = await openScriptedSpool({ printFinishedAck: true });
  try {
    run.counter.canConfirm = false;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-1'],
    );
    assert.deepEqual(run.counter.confirmedIds, []);
  } finally {
    await run.close();
  }
});

// The browser host's per-socket and per-host limits, each driven over real loopback sockets:
// oversized frames, calls in flight, a client that stops reading, and too many sockets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUSY_REPLY, CLOSE_GRACE_MS } from '../../../electron/host/connection-guard';
import { NOT_READING_CLOSE } from '../../../electron/host/server';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil, within } from '../../support/wait';
import { mustOpen, openClient, startLimitedHost } from './support';

test('a frame over the size limit closes that socket with 1009, and the host carries on', async () => {
  const h = await startLimitedHost({ limits: { maxMessageBytes: 4096 } });
  try {
    const client = await mustOpen(h.host);
    client.call(1, 'test.call', { note: 'x'.repeat(3000) });
    assert.deepEqual(
      await client.reply(1),
      { ok: true, value: 'done' },
      'a frame under the limit is answered',
    );
    client.call(2, 'test.call', { note: 'x'.repeat(5000) });
    const closed = await within(client.closed, 'the socket to close', 5_000);
    assert.equal(closed.code, 1009);
    assert.equal(h.calls.length, 1, 'the oversized call never reached the till');
    const next = await mustOpen(h.host);
    next.call(3);
    assert.equal((await next.reply(3)).ok, true);
    next.ws.close();
  } finally {
    await h.close();
  }
});

test('calls over the in-flight limit are refused at once with a worded busy reply', async () => {
  const held: Array<() => void> = [];
  const h = await startLimitedHost({
    limits: { maxCallsInFlight: 2 },
    answer: (_method, input) =>
      new Promise((resolve) => held.push(() => resolve({ ok: true, value: input }))),
  });
  try {
    const client = await mustOpen(h.host);
    client.call(1, 'test.call', { n: 1 });
    client.call(2, 'test.call', { n: 2 });
    client.call(3, 'test.call', { n: 3 });
    const busy = await client.reply(3);
    assert.deepEqual(busy, BUSY_REPLY);
    assert.ok(!busy.ok && /wait a moment/i.test(busy.error.message), 'the refusal says what to do');
    assert.equal(h.calls.length, 2, 'the refused call never reached the till');
    assert.deepEqual(h.faults, [{ kind: 'too_many_calls', inFlight: 2 }]);

    held.shift()!();
    assert.deepEqual(await client.reply(1), { ok: true, value: { n: 1 } });
    client.call(4, 'test.call', { n: 4 }); // a place is free again
    await waitUntil(() => h.calls.length === 3, 'call 4 to reach the till', 5_000);
    for (const release of held.splice(0)) release();
    assert.deepEqual(await client.reply(2), { ok: true, value: { n: 2 } });
    assert.deepEqual(await client.reply(4), { ok: true, value: { n: 4 } });
    client.ws.close();
  } finally {
    await h.close();
  }
});

// Replies big enough that a few fill the loopback buffers, so the host's own queue grows.
const BIG = 'r'.repeat(256 * 1024);
const readerLimits = { maxBufferedBytes: 64 * 1024, stalledReaderMs: 5_000 };

test('a socket that stops reading is no longer read from, then closed with a code and reason', async () => {
  const clock = new ManualClock();
  const h = await startLimitedHost({ clock, limits: readerLimits, answer: () => ({ ok: true, value: BIG }) });
  try {
    const client = await mustOpen(h.host);
    client.ws.pause();
    for (let id = 1; id <= 40; id++) client.call(id, 'test.call', { id });
    const paused = await h.fault('stopped_reading');
    assert.ok(paused.bufferedBytes > readerLimits.maxBufferedBytes);
    const readBeforePause = h.calls.length;
    for (let id = 41; id <= 50; id++) client.call(id, 'test.call', { id });

    await clock.advance(readerLimits.stalledReaderMs - 100);
    assert.equal(
      h.faults.filter((f) => f.kind === 'closed_not_reading').length,
      0,
      'not closed before its time',
    );
    await clock.advance(200);
    const closed = await h.fault('closed_not_reading');
    assert.equal(closed.answered, readBeforePause);

    client.ws.resume(); // read now, to see how the host closed it
    await waitUntil(() => client.ws.readyState === client.ws.CLOSING, 'the close frame', 10_000);
    await clock.advance(CLOSE_GRACE_MS); // the host cuts a socket that does not finish closing
    assert.deepEqual(await within(client.closed, 'the socket to close', 5_000), {
      code: NOT_READING_CLOSE.code,
      reason: NOT_READING_CLOSE.reason,
    });
    assert.deepEqual(
      h.calls.filter((c) => (c.input as { id: number }).id > 40),
      [],
      'nothing sent after the pause was read',
    );
  } finally {
    await h.close();
  }
});

test('a socket that catches up is read again and never closed', async () => {
  const clock = new ManualClock();
  const h = await startLimitedHost({ clock, limits: readerLimits, answer: () => ({ ok: true, value: BIG }) });
  try {
    const client = await mustOpen(h.host);
    client.ws.pause();
    for (let id = 1; id <= 40; id++) client.call(id);
    await h.fault('stopped_reading');
    client.call(41);
    client.ws.resume();
    await waitUntil(
      () => [...client.replies.keys()].length >= h.calls.length,
      'the first 40 replies',
      10_000,
    );
    await clock.advance(50); // the host looks at its queue again
    assert.deepEqual(
      await client.reply(41),
      { ok: true, value: BIG },
      'the call sent while paused is answered',
    );
    await clock.advance(readerLimits.stalledReaderMs * 2);
    assert.equal(h.faults.filter((f) => f.kind === 'closed_not_reading').length, 0);
    client.call(42);
    assert.equal((await client.reply(42)).ok, true);
    client.ws.close();
  } finally {
    await h.close();
  }
});

test('sockets over the connection limit are refused with 503 until one closes', async () => {
  const h = await startLimitedHost({ limits: { maxConnections: 2 } });
  try {
    const first = await mustOpen(h.host);
    const second = await mustOpen(h.host);
    assert.deepEqual(await openClient(h.host), { refused: 503 });
    assert.deepEqual(h.faults, [{ kind: 'too_many_connections', open: 2 }]);
    first.ws.close();
    await within(first.closed, 'the first socket to close', 5_000);
    const third = await waitUntil(
      async () => {
        const attempt = await openClient(h.host);
        return 'refused' in attempt ? undefined : attempt;
      },
      'a new socket to open once one has closed',
      5_000,
    );
    for (const c of [second, third]) c.ws.close();
  } finally {
    await h.close();
  }
});

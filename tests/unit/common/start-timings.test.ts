// Start timings: a step is written once, only when PAYDESK_START_TIMINGS=1 asks, with nothing but
// its name and times; the benchmark reads the lines back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markStart, parseStartTimings } from '../../../electron/common/start-timings';

function captureStderr(work: () => void): string {
  const write = process.stderr.write.bind(process.stderr);
  let text = '';
  process.stderr.write = ((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    work();
  } finally {
    process.stderr.write = write;
  }
  return text;
}

test('marks are silent unless asked, written once each when asked, and read back by step', (t) => {
  const before = process.env.PAYDESK_START_TIMINGS;
  t.after(() => {
    if (before === undefined) delete process.env.PAYDESK_START_TIMINGS;
    else process.env.PAYDESK_START_TIMINGS = before;
  });

  delete process.env.PAYDESK_START_TIMINGS;
  assert.equal(
    captureStderr(() => markStart('host modules loaded')),
    '',
  );

  process.env.PAYDESK_START_TIMINGS = '1';
  const text = captureStderr(() => {
    markStart('host modules loaded'); // already reached above: not again
    markStart('database ready');
    markStart('listening');
    markStart('listening');
  });
  assert.equal(text.split('\n').filter(Boolean).length, 2);
  assert.match(text, /^start timing: database ready: \d+\.\d ms, cpu \d+\.\d ms, at \d+\.\d$/m);

  const timings = parseStartTimings(`${text}some other line\n`);
  assert.deepEqual([...timings.keys()], ['database ready', 'listening']);
  const ready = timings.get('database ready')!;
  const listening = timings.get('listening')!;
  assert.ok(ready.ms > 0 && ready.ms <= listening.ms, 'in ms since the process started, in order');
  assert.ok(listening.ms <= performance.now());
  assert.ok(ready.cpuMs > 0 && ready.cpuMs <= listening.cpuMs);
  const sinceStart = listening.at - performance.timeOrigin;
  assert.ok(Math.abs(sinceStart - listening.ms) < 1, 'the clock time is the process start plus the mark');
});

// Where a start's time goes: each step is marked once, in ms since the process started
// (performance.now()), with the CPU time spent so far (on a busy computer the two differ) and the
// clock time (epoch ms), by which a benchmark places it among what it timed itself.
// Marks cost next to nothing and carry only the step's name; they are written to stderr only
// when PAYDESK_START_TIMINGS=1 asks (the shell benchmark does).

export type StartStep =
  'host modules loaded' | 'database ready' | 'till ready' | 'listening' | 'first contract answer';

const marked = new Set<StartStep>();

/** Marks `step` the first time it is reached (a till restarted after a restore does not mark again). */
export function markStart(step: StartStep): void {
  if (marked.has(step)) return;
  marked.add(step);
  if (process.env.PAYDESK_START_TIMINGS !== '1') return;
  const cpu = process.cpuUsage();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const now = performance.now();
  const at = performance.timeOrigin + now;
  process.stderr.write(
    `start timing: ${step}: ${now.toFixed(1)} ms, cpu ${cpuMs.toFixed(1)} ms, at ${at.toFixed(1)}\n`,
  );
}

export interface StartTiming {
  /** Since the process started. */
  ms: number;
  /** CPU time the process had used by then. */
  cpuMs: number;
  /** Clock time, in epoch ms. */
  at: number;
}

/** Reads the lines markStart writes, by step. */
export function parseStartTimings(text: string): Map<string, StartTiming> {
  const timings = new Map<string, StartTiming>();
  const number = String.raw`(\d+(?:\.\d+)?)`;
  const line = new RegExp(
    String.raw`^start timing: (.+): ${number} ms, cpu ${number} ms, at ${number}$`,
    'gm',
  );
  for (const m of text.matchAll(line)) {
    timings.set(m[1]!, { ms: Number(m[2]), cpuMs: Number(m[3]), at: Number(m[4]) });
  }
  return timings;
}

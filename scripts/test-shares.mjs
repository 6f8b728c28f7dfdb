// How the test run shares a suite's files out to its lanes (scripts/test.mjs): by each file's time,
// so the lanes end together. The times of this machine's last run are kept beside tsx's cache;
// a new machine (a fresh clone, as in CI) has none, and reads the times kept in the repository
// (tests/test-times.json) instead: shared out by the tests each file declares, a fresh clone's unit
// lanes ended 31 and 42 s in, where even shares end together.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Each test file's time in this machine's last run, kept beside tsx's cache (not committed). */
const TIMES_FILE = resolve('node_modules', '.cache', 'paydesk-test-times.json');
/** Each file's time in a run kept in the repository (`npm test -- --save-times` writes it). */
const BASELINE_FILE = resolve('tests', 'test-times.json');

/**
 * Shares of even time: the longest files first, each to the lane with the least time so far.
 * A file with no time yet counts as long as the longest known (so new files spread out).
 */
export function splitIntoLanes(files, laneCount, knownMs) {
  const longest = Math.max(1, ...files.map((f) => knownMs[f] ?? 0));
  const estimate = (f) => knownMs[f] ?? longest;
  const lanes = Array.from({ length: Math.min(laneCount, files.length) }, () => ({ ms: 0, files: [] }));
  for (const file of [...files].sort((a, b) => estimate(b) - estimate(a))) {
    const lane = lanes.reduce((least, l) => (l.ms < least.ms ? l : least));
    lane.files.push(file);
    lane.ms += estimate(file);
  }
  // In name order within a lane, as a reader expects them.
  return lanes.map((l) => l.files.sort());
}

/**
 * Each file's time in this machine's last run; where none of them ran here before, the times kept
 * in the repository; where those name none of them either, the number of tests each declares.
 */
export function estimatedTimes(files, timesFiles = [TIMES_FILE, BASELINE_FILE]) {
  for (const times of timesFiles.map(readJson)) {
    if (times && files.some((f) => Number.isFinite(times[f]))) return times;
  }
  const declared = (f) => readFileSync(f, 'utf8').match(/^\s*test\(/gm)?.length ?? 1;
  return Object.fromEntries(files.map((f) => [f, declared(f)]));
}

/** Keeps this run's times for the next; with `baseline`, also in the repository's file. */
export function rememberTimes(files, { baseline = false } = {}) {
  for (const file of baseline ? [TIMES_FILE, BASELINE_FILE] : [TIMES_FILE]) {
    const known = readJson(file) ?? {};
    for (const { file: name, ms } of files) if (Number.isFinite(ms)) known[name] = Math.round(ms);
    // Files since removed or renamed are left out.
    const kept = Object.fromEntries(
      Object.entries(known)
        .filter(([name]) => existsSync(name))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(kept, null, 1)}\n`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// A node:test reporter for scripts/test.mjs: how long each test file took, and the run's test
// counts, as JSON (`--test-reporter=./scripts/test-times-reporter.mjs
// --test-reporter-destination=<file>`); the spec reporter stays on screen beside it.
// A file is a test at the top named by its path: the runner's own when each file has a process
// (the time is the whole process, loading included), or the suite scripts/test-lane.mjs wraps it
// in (its tests and hooks; the lane loads every file's modules at its start).
import { relative, resolve } from 'node:path';

export default async function* testTimes(source) {
  const files = [];
  let counts = null;
  for await (const event of source) {
    const data = event.data ?? {};
    if (event.type === 'test:complete' && data.nesting === 0 && /\.test\.tsx?$/.test(data.name ?? '')) {
      files.push({
        file: relative(process.cwd(), resolve(data.name)),
        ms: Math.round(data.details.duration_ms ?? Number.NaN),
      });
    }
    // The runner's own summary comes last and names no file: the counts over every file.
    if (event.type === 'test:summary' && data.file === undefined) counts = data.counts;
  }
  yield `${JSON.stringify({ files, counts })}\n`;
}

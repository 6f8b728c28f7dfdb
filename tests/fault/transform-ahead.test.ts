// The test run transforms a suite's TypeScript into tsx's cache before the suite's processes start
// (scripts/transform-ahead.mjs): it must fill the cache that a later process reads, and must never
// run what it transforms (a test file would run its tests, a module its side effects).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** tsx's cache entries in `folder`, each with its size and when it was last written. */
function tsxCacheEntries(folder: string): string[] {
  const user = process.geteuid ? process.geteuid() : userInfo().username;
  const cache = join(folder, `tsx-${user}`);
  if (!existsSync(cache)) return [];
  return readdirSync(cache).map((name) => {
    const { size, mtimeMs } = statSync(join(cache, name));
    return `${name} ${size} bytes, written at ${mtimeMs}`;
  });
}

test('a file transformed ahead is in the cache a later process reads, and was never run', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-transform-ahead-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const marker = join(folder, 'ran');
  const module = join(folder, 'module.ts');
  // TypeScript that Node cannot run untransformed, and that leaves a mark when it runs.
  writeFileSync(
    module,
    `import { writeFileSync } from 'node:fs';\nconst mark: string = ${JSON.stringify(marker)};\nwriteFileSync(mark, 'ran');\n`,
  );
  const env = { ...process.env, TMPDIR: folder };

  const ahead = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/transform-ahead.mjs', module], {
    env,
  });
  assert.equal(ahead.status, 0, String(ahead.stderr));
  assert.equal(existsSync(marker), false, 'transforming ahead ran the file');
  const transformed = tsxCacheEntries(folder);
  assert.equal(transformed.length, 1);

  // A later process loads the file from the cache (no entry added or written again) and runs it.
  const later = spawnSync(process.execPath, ['--import', 'tsx', module], { env });
  assert.equal(later.status, 0, String(later.stderr));
  assert.equal(existsSync(marker), true);
  assert.deepEqual(tsxCacheEntries(folder), transformed);
});

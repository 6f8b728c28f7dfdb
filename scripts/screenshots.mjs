// `npm run screenshots`: the pictures in docs/screenshots/ at 1024×768, from the built renderer
// against the sandbox (tests/e2e/screenshots.test.ts, which writes only when asked like this).
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

await buildIfStale();
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', 'tests/e2e/screenshots.test.ts'],
  { stdio: 'inherit', env: { ...process.env, PAYDESK_DOC_SCREENSHOTS: '1' } },
);
process.exit(run.status ?? 1);

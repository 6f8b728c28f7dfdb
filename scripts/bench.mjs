// `npm run bench -- --json <file>`: builds if needed, then runs tests/bench/run.ts.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

await buildIfStale();
const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/run.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));

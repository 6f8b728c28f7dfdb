// `npm run start:browser -- --port <p> --data-dir <dir>`: the till in a browser tab. Prints the
// till's address (with its one-time key) on a line of its own.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { buildIfStale, HOST_BUNDLE, HOST_NODE_FLAGS, hostEnv } from './build-if-stale.mjs';
import { buildNativeAddonsIfMissing } from './native-addons.mjs';

// A machine set up for the tests has SQLite built by the test run; a till started first builds it.
if (!buildNativeAddonsIfMissing()) process.exit(1);
await buildIfStale();
const child = spawn(process.execPath, [...HOST_NODE_FLAGS, HOST_BUNDLE, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: hostEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

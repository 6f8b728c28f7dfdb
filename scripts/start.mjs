// `npm start`: the Electron till where the Electron binary is available (it is fetched on
// first start if missing); otherwise the same till in the browser, said in one sentence.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, HOST_BUNDLE, HOST_NODE_FLAGS, hostEnv } from './build-if-stale.mjs';
import { buildNativeAddonsIfMissing } from './native-addons.mjs';

function electronBinary() {
  const dir = 'node_modules/electron';
  const pathFile = join(dir, 'path.txt');
  const present = () => existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8')));
  if (present()) return join(dir, 'dist', readFileSync(pathFile, 'utf8'));
  if (process.env.PAYDESK_NO_ELECTRON !== '1' && existsSync(join(dir, 'install.js'))) {
    const fetched = spawnSync(process.execPath, [join(dir, 'install.js')], {
      stdio: 'ignore',
      timeout: 180_000,
    });
    if (fetched.status === 0 && present()) return join(dir, 'dist', readFileSync(pathFile, 'utf8'));
  }
  return null;
}

// A machine set up for the tests has SQLite built by the test run; a till started first builds it.
if (!buildNativeAddonsIfMissing()) process.exit(1);
await buildIfStale();
const electron = electronBinary();
const args = process.argv.slice(2);
const child = electron
  ? spawn(electron, ['.', ...args], { stdio: 'inherit' })
  : (console.log(
      'The Electron binary is not available on this machine, so Paydesk opens in your browser instead.',
    ),
    spawn(process.execPath, [...HOST_NODE_FLAGS, HOST_BUNDLE, ...args], {
      stdio: 'inherit',
      env: hostEnv(),
    }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run start:browser -- --port <p> --data-dir <dir>`: the till in a browser, on loopback.
// An entry point: it starts the sandbox stand-ins for the till and the host in front of it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { portOption, runCommand } from '../common/cli-support';
import { startSandboxServices } from '../sandbox/index';
import { createTill } from '../services/app/create-till';
import { startBrowserHost } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'sandbox-speed': { type: 'string', default: '1' },
  },
});
const port = portOption(values.port);
const dataDir = resolve(values['data-dir'] ?? '.data');
const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;

runCommand(async () => {
  const till = await createTill({
    dataDir,
    host: 'browser',
    version,
    standIns: () => startSandboxServices({ speed: Number(values['sandbox-speed']) }),
  });
  const host = await startBrowserHost({ till, rendererDir: values['renderer-dir'], port });
  process.stdout.write(`Paydesk till: ${host.url}\n`);
  return async () => {
    await host.close();
    await till.close();
  };
});

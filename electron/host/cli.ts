// `npm run start:browser -- --port <p> --data-dir <dir>`: the till in a browser, on loopback.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startBrowserHost } from './server';
import { createTill } from '../services/till';
import { readFileSync } from 'node:fs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'sandbox-speed': { type: 'string', default: '1' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? '.data');
const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const till = await createTill({
    dataDir,
    host: 'browser',
    version,
    sandboxSpeed: Number(values['sandbox-speed']),
  });
  const host = await startBrowserHost({ till, rendererDir: values['renderer-dir'], port });
  process.stdout.write(`Paydesk till: ${host.url}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await till.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

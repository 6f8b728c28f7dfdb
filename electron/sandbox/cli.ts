// `npm run sandbox -- --port <p>`: runs the stand-in services alone for integrators and
// prints one JSON line with every base URL and credential.
import { parseArgs } from 'node:util';
import { describeSandbox, startSandboxServices } from './index';

const { values } = parseArgs({
  options: { port: { type: 'string' }, speed: { type: 'string' } },
  allowPositionals: false,
});
const basePort = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(basePort) || basePort < 0 || basePort > 65_000) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const speed = values.speed === undefined ? 1 : Number(values.speed);

async function main(): Promise<void> {
  const services = await startSandboxServices({ basePort, speed });
  process.stdout.write(`${JSON.stringify(describeSandbox(services))}\n`);

  const stop = async () => {
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm run sandbox -- --port <p>`: runs the stand-in services alone for integrators and
// prints one JSON line with every base URL and credential.
import { parseArgs } from 'node:util';
import { portOption, runCommand } from '../common/cli-support';
import { describeSandbox, startSandboxServices } from './index';

const { values } = parseArgs({ options: { port: { type: 'string' }, speed: { type: 'string' } } });
const basePort = portOption(values.port);
const speed = values.speed === undefined ? 1 : Number(values.speed);

runCommand(async () => {
  const services = await startSandboxServices({ basePort, speed });
  process.stdout.write(`${JSON.stringify(describeSandbox(services))}\n`);
  return () => services.close();
});

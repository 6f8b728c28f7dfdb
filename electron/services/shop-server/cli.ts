// `npm run shop-server …`: runs the command (command-line.ts) in this process, stops a local
// PostgreSQL cleanly on Ctrl-C or SIGTERM, and exits with the command's exit code.
import { runShopServerCli } from './command-line';

// Signal listeners alone do not keep Node running: a timer does, until the stop is asked for.
const keepRunning = setInterval(() => undefined, 60_000);
const stopSignal = new Promise<void>((resolve) => {
  const stop = () => {
    clearInterval(keepRunning);
    resolve();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});

void runShopServerCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stopSignal,
}).then((code) => process.exit(code));

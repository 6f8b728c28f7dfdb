// What the project's command-line entry points share: a checked --port option, and a main
// that prints a plain error on failure and stops cleanly (once) on Ctrl-C or SIGTERM.

export function portOption(value: string | undefined, name = '--port'): number {
  const port = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`${name} must be a port number (0 for any free port), got "${value}"`);
    process.exit(2);
  }
  return port;
}

/** Runs `start`; the function it returns is called once on SIGINT or SIGTERM, then the process exits. */
export function runCommand(start: () => Promise<() => Promise<void>>): void {
  start()
    .then((stop) => {
      let stopping = false;
      const onSignal = () => {
        if (stopping) return;
        stopping = true;
        void stop().finally(() => process.exit(0));
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}

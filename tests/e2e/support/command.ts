// Runs one of the project's own commands as a user would and waits for a line it prints.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningCommand {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function runUntilLine(
  command: string,
  args: string[],
  match: RegExp,
  timeoutMs = 60_000,
): Promise<{ running: RunningCommand; line: RegExpMatchArray }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const running: RunningCommand = {
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          resolve();
        }
      }),
  };
  const line = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${match}; output:\n${out}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      for (const l of out.split('\n')) {
        const m = l.match(match);
        if (m) {
          clearTimeout(timer);
          resolve(m);
          return;
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing ${match}; output:\n${out}`));
    });
  });
  return { running, line };
}

// The `npm run merchant` entry (cli.ts) as a process runs it: its own arguments after the script,
// its stdout, and process.exit with the command's code. Loaded in this process with those three
// stood in for, so the run is the entry's own code, not a copy.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_USERS, startMerchantSandbox } from '../../../electron/sandbox/merchant/server';
import { within } from '../../support/wait';

test('the entry runs the command on the arguments after the script, prints to stdout and exits with its code', async () => {
  const standIn = await startMerchantSandbox();
  const saved = { argv: process.argv, exit: process.exit, write: process.stdout.write };
  const printed: string[] = [];
  let exited!: (code: number | undefined) => void;
  const exitCode = new Promise<number | undefined>((resolve) => (exited = resolve));
  try {
    process.argv = [
      process.execPath,
      'electron/services/merchant/cli.ts',
      '--url',
      standIn.mcpUrl,
      '--email',
      SANDBOX_USERS.owner.email,
      '--password',
      SANDBOX_USERS.owner.password,
      'tools/list',
    ];
    process.exit = ((code?: number) => exited(code)) as typeof process.exit;
    // Only the command's own text is taken; anything binary (a test runner's own channel) goes on.
    process.stdout.write = ((chunk: unknown, ...rest: never[]) =>
      typeof chunk === 'string'
        ? (printed.push(chunk), true)
        : saved.write.call(process.stdout, chunk as Uint8Array, ...rest)) as typeof process.stdout.write;
    await import('../../../electron/services/merchant/cli');
    const code = await within(exitCode, 'the entry to exit', 15_000);
    process.stdout.write = saved.write;
    assert.equal(code, 0, printed.join(''));
    const { tools } = JSON.parse(printed.join('')) as { tools: { name: string }[] };
    assert.ok(tools.some((t) => t.name === 'list_venues'));
  } finally {
    process.argv = saved.argv;
    process.exit = saved.exit;
    process.stdout.write = saved.write;
    await standIn.close();
  }
});

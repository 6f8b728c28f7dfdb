// `npm run merchant -- --url <mcp-url> tools/list` or `… tools/call NAME JSON`: runs the command
// (command-line.ts) in this process, on its arguments, environment and output, and exits with its
// exit code.
import { runMerchantCli } from './command-line';

void runMerchantCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
}).then((code) => process.exit(code));

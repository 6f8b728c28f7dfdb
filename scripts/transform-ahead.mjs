// Fills tsx's cache of transformed TypeScript for the files named on the command line, without
// running any of them (scripts/test.mjs runs this before a suite's processes start). Each lane of
// a suite otherwise transforms the same few hundred modules of the till for itself on a new
// machine, where the cache starts empty: four lanes, four times the work.
// Run as `node --import tsx scripts/transform-ahead.mjs <file>…`.
import Module, { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
// tsx transforms a file (or finds it in its cache) when it is required, then hands the JavaScript
// to _compile: here nothing is compiled or run, so no file's imports, tests or side effects happen.
Module.prototype._compile = function () {};
for (const file of process.argv.slice(2)) {
  try {
    require(resolve(file));
  } catch {
    // A file tsx cannot transform fails in its own suite, where its message is shown.
  }
}
// tsx writes its cache files asynchronously: the process ends once they are written.

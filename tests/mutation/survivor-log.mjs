// A Stryker reporter: each surviving mutant, as soon as it survives, as one JSON line in
// reports/mutation/survivors.jsonl (file, line, column, mutator, replacement). A run over every
// service takes hours; this lets tests for the first survivors be written while it goes on.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import process from 'node:process';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

export const SURVIVOR_LOG = 'reports/mutation/survivors.jsonl';

/** One line for a mutant result, or null when it did not survive. */
export function survivorLine(result, root = process.cwd()) {
  if (result.status !== 'Survived' && result.status !== 'NoCoverage') return null;
  return JSON.stringify({
    file: relative(root, result.fileName).replaceAll('\\', '/'),
    line: result.location.start.line,
    column: result.location.start.column + 1,
    mutator: result.mutatorName,
    replacement: result.replacement,
    status: result.status,
  });
}

class SurvivorLog {
  onDryRunCompleted() {
    mkdirSync(dirname(SURVIVOR_LOG), { recursive: true });
    writeFileSync(SURVIVOR_LOG, '');
  }

  onMutantTested(result) {
    const line = survivorLine(result);
    if (line) appendFileSync(SURVIVOR_LOG, `${line}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'survivor-log', SurvivorLog)];

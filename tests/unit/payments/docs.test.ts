// docs/card-payments.md must carry the sandbox's amount table exactly as the code plays it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderScriptTable, SANDBOX_SCRIPTS } from '../../../electron/sandbox/pay-at-counter/scripts';

function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((l) => l.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(l.trim()))
    .slice(1)
    .map((l) =>
      l
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

for (const file of ['docs/card-payments.md', 'README.md']) {
  test(`the amount → script table in ${file} matches SANDBOX_SCRIPTS`, () => {
    const doc = readFileSync(join(__dirname, '../../..', file), 'utf8');
    const section = /<!-- scripts:begin -->([\s\S]*?)<!-- scripts:end -->/.exec(doc);
    assert.ok(section, 'the doc has the scripts markers');
    const expected = SANDBOX_SCRIPTS.map((s) => [s.suffix, s.name, s.description]);
    assert.deepEqual(tableRows(section[1]!), expected);
    assert.deepEqual(tableRows(renderScriptTable()), expected);
  });
}

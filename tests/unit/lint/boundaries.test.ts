// The import-boundary rule is real: ESLint with the project's own config flags each violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test("only electron/main and electron/preload may import 'electron'", async () => {
  const code = "import { app } from 'electron';\nexport const x = app;\n";
  for (const file of [
    'electron/services/x.ts',
    'electron/sandbox/x.ts',
    'electron/host/x.ts',
    'shared/x.ts',
    'renderer/src/x.ts',
  ]) {
    const found = await restrictedImports(file, code);
    assert.equal(found.length, 1, `${file} should be refused`);
  }
  for (const file of ['electron/main/x.ts', 'electron/preload/x.ts']) {
    assert.deepEqual(await restrictedImports(file, code), [], `${file} may import electron`);
  }
});

test('the renderer and shared/ import no Node modules', async () => {
  for (const file of ['renderer/src/x.ts', 'shared/x.ts']) {
    for (const mod of ['node:fs', 'fs', 'child_process', 'node:net', 'better-sqlite3']) {
      const found = await restrictedImports(file, `import * as m from '${mod}';\nexport default m;\n`);
      assert.equal(found.length, 1, `${file} importing ${mod}`);
    }
  }
  assert.deepEqual(
    await restrictedImports('electron/services/x.ts', "import * as fs from 'node:fs';\nexport default fs;\n"),
    [],
  );
});

test('shared/ imports nothing of the other folders, and the renderer does not reach into electron/', async () => {
  assert.equal(
    (
      await restrictedImports(
        'shared/x.ts',
        "import { createTill } from '../electron/services/till';\nexport default createTill;\n",
      )
    ).length,
    1,
  );
  assert.equal(
    (
      await restrictedImports(
        'shared/x.ts',
        "import { App } from '../renderer/src/App';\nexport default App;\n",
      )
    ).length,
    1,
  );
  assert.equal(
    (
      await restrictedImports(
        'renderer/src/x.ts',
        "import { createTill } from '../../electron/services/till';\nexport default createTill;\n",
      )
    ).length,
    1,
  );
  assert.deepEqual(
    await restrictedImports(
      'renderer/src/x.ts',
      "import { methods } from '../../shared/contract';\nexport default methods;\n",
    ),
    [],
  );
});

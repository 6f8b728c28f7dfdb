// The project's own lint rules are real: ESLint with the project's config flags each violation.
// One file for both rule sets, so ESLint and the config load once (about 1.5 s of CPU each time).
//
// Import boundaries: each folder imports only what may run where it runs. Money fields: the
// renderer's one way to put an amount into a field is a lint rule, and the rule is real: an
// amount divided by 100 (what wrote "1.5" into a German discount field, read back as 15,00 €) or
// the paper's formatMoneyPlain is flagged in the renderer, and the one way is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
    'electron/common/x.ts',
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
        "import { createTill } from '../electron/services/app/create-till';\nexport default createTill;\n",
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
        "import { createTill } from '../../electron/services/app/create-till';\nexport default createTill;\n",
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

/** A fixture from tests/fixtures/lint/, linted as if it sat at `asFile`. */
async function fixtureImports(fixture: string, asFile: string): Promise<string[]> {
  return restrictedImports(asFile, readFileSync(`tests/fixtures/lint/${fixture}`, 'utf8'));
}

test('services never import the sandbox: the stand-ins are passed in', async () => {
  const found = await fixtureImports('services-import-sandbox.ts', 'electron/services/app/fixture.ts');
  assert.equal(found.length, 1);
  assert.match(found[0]!, /stand-ins/);
  for (const spec of ['../sandbox/index', '../sandbox', '../../sandbox/pay-at-counter/server']) {
    const code = `import * as m from '${spec}';\nexport default m;\n`;
    assert.equal((await restrictedImports('electron/services/x.ts', code)).length, 1, spec);
  }
  for (const spec of ['../host/server', '../main/index']) {
    const code = `import * as m from '${spec}';\nexport default m;\n`;
    assert.equal((await restrictedImports('electron/services/x.ts', code)).length, 1, spec);
  }
});

test('the sandbox imports only shared/ and electron/common, never the services', async () => {
  assert.equal((await fixtureImports('sandbox-import-services.ts', 'electron/sandbox/fixture.ts')).length, 1);
  for (const spec of ['../common/http-util', '../../shared/receipt']) {
    const code = `import * as m from '${spec}';\nexport default m;\n`;
    assert.deepEqual(await restrictedImports('electron/sandbox/x.ts', code), [], spec);
  }
});

test('the host never reaches into the sandbox; entry points start it through its index', async () => {
  assert.equal(
    (await fixtureImports('host-import-sandbox-internals.ts', 'electron/host/fixture.ts')).length,
    1,
  );
  const index =
    "import { startSandboxServices } from '../sandbox/index';\nexport default startSandboxServices;\n";
  assert.equal((await restrictedImports('electron/host/server.ts', index)).length, 1);
  for (const entry of ['electron/host/cli.ts', 'electron/main/index.ts']) {
    assert.deepEqual(await restrictedImports(entry, index), [], `${entry} may start the sandbox`);
    assert.equal(
      (await fixtureImports('host-import-sandbox-internals.ts', entry)).length,
      1,
      `${entry} uses the sandbox's index only`,
    );
  }
});

test('electron/common imports only shared/', async () => {
  const code = "import { systemClock } from '../services/common/clock';\nexport default systemClock;\n";
  assert.equal((await restrictedImports('electron/common/x.ts', code)).length, 1);
});

async function moneyFieldFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

test('the renderer refuses an amount divided by 100 for a field, and the paper formatter', async () => {
  const divided = await moneyFieldFindings(
    'renderer/src/screens/x.tsx',
    'export const text = (minor: number) => String(minor / 100);\n',
  );
  assert.equal(divided.length, 1);
  assert.match(divided[0]!, /amountText/);
  const plain = await moneyFieldFindings(
    'renderer/src/screens/x.tsx',
    "import { formatMoneyPlain } from '../../../shared/money';\nexport const f = formatMoneyPlain;\n",
  );
  assert.equal(plain.length, 1);
  assert.match(plain[0]!, /paper/);
});

test('the one way passes, and the services (which print) may use the paper formatter', async () => {
  assert.deepEqual(
    await moneyFieldFindings(
      'renderer/src/screens/x.tsx',
      "import { amountText } from '../../../shared/money';\nexport const text = (minor: number) => amountText(minor);\n",
    ),
    [],
  );
  assert.deepEqual(
    await moneyFieldFindings(
      'electron/services/printing/x.ts',
      "import { formatMoneyPlain } from '../../../shared/money';\nexport const f = formatMoneyPlain;\n",
    ),
    [],
  );
});

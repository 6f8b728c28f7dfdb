// The renderer's one way to put an amount into a field is a lint rule, and the rule is real: an
// amount divided by 100 (what wrote "1.5" into a German discount field, read back as 15,00 €) or
// the paper's formatMoneyPlain is flagged in the renderer, and the one way is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

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

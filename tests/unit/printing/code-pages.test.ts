// The Node-free code-page tables (shared/code-pages.ts) against iconv-lite, which writes the
// printer's bytes: the preview and the printer must agree on every character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import iconv from 'iconv-lite';
import { CODE_PAGES, canPrint, toPrintable } from '../../../shared/code-pages';

/** iconv's answer: one byte for the character, and not the '?' it writes for a missing one. */
function iconvHasByte(char: string, codePage: string): boolean {
  const bytes = iconv.encode(char, codePage);
  return bytes.length === 1 && (char === '?' || bytes[0] !== 0x3f);
}

for (const codePage of CODE_PAGES) {
  test(`${codePage}: every printable character is one iconv byte, and iconv has no others`, () => {
    const disagree: string[] = [];
    for (let code = 0x20; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // surrogates: never a character alone
      // iconv maps U+FFFD to an undefined CP1252 byte; the printer prints '?' for it instead.
      if (code === 0xfffd) continue;
      if (code === 0x7f) continue; // DEL: a control, printed as '?' (below)
      const char = String.fromCharCode(code);
      if (canPrint(char, codePage) !== iconvHasByte(char, codePage)) disagree.push(`U+${code.toString(16)}`);
    }
    assert.deepEqual(disagree, []);
    const bytes = iconv.encode(toPrintable('\ufffd', codePage), codePage);
    assert.deepEqual([...bytes], [0x3f], 'U+FFFD prints as ?');
  });
}

test('control characters and characters beyond the BMP print as ?; a tab as a space', () => {
  for (const codePage of CODE_PAGES) {
    assert.equal(toPrintable('a\x00b\x07c\x1bd\x7fe\x9bf😀g\th', codePage), 'a?b?c?d?e?f?g h', codePage);
  }
});

test('text is composed (NFC) before the lookup: e + combining acute prints as é', () => {
  assert.equal(toPrintable('Cafe\u0301', 'cp858'), 'Café');
});

test('the minus sign, which no code page has, prints as the hyphen-minus, never as ?', () => {
  for (const codePage of CODE_PAGES) {
    assert.equal(canPrint('\u2212', codePage), false, codePage);
    assert.equal(toPrintable('\u2212£1.50 \u2212 2', codePage), '-£1.50 - 2', codePage);
    // Only the stand-ins have one: other missing characters still print as ?.
    assert.equal(toPrintable('\u2013\u2260', codePage).endsWith('?'), true, codePage);
  }
});

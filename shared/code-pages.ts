// Which characters a receipt printer's code page can print, without Node: the printer's encoder
// and the on-screen preview both ask here, so the preview shows '?' exactly where the paper does.
// The tables are the code pages' upper halves (bytes 0x80–0xFF); the lower half is ASCII.
// tests/unit/printing/code-pages.test.ts checks them against iconv-lite, which writes the bytes.

export const CODE_PAGES = ['cp858', 'cp437', 'cp850', 'cp1252'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

/** What the printer prints for a character its code page lacks, and for control characters. */
export const REPLACEMENT_CHARACTER = '?';

/** A byte the code page leaves undefined. */
const NONE = '\ufffd';

const CP437_HIGH = [
  'ÇüéâäàåçêëèïîìÄÅ', // 80
  'ÉæÆôöòûùÿÖÜ¢£¥₧ƒ', // 90
  'áíóúñÑªº¿⌐¬½¼¡«»', // A0
  '░▒▓│┤╡╢╖╕╣║╗╝╜╛┐', // B0
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧', // C0
  '╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀', // D0
  'αßΓπΣσµτΦΘΩδ∞φε∩', // E0
  '≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0', // F0
].join('');

const CP850_HIGH = [
  'ÇüéâäàåçêëèïîìÄÅ', // 80
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ', // 90
  'áíóúñÑªº¿®¬½¼¡«»', // A0
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐', // B0
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤', // C0
  'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀', // D0
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´', // E0
  '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0', // F0
].join('');

/** CP858 is CP850 with the euro sign in place of the dotless i (byte D5). */
const CP858_HIGH = CP850_HIGH.replace('ı', '€');

const CP1252_HIGH =
  `€${NONE}‚ƒ„…†‡ˆ‰Š‹Œ${NONE}Ž${NONE}` + // 80
  `${NONE}‘’“”•–—˜™š›œ${NONE}žŸ` + // 90
  Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0xa0 + i)).join(''); // A0–FF: Latin-1

const ASCII = Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)).join('');

const printableSet = (high: string) => new Set([...ASCII, ...high].filter((c) => c !== NONE));

const PRINTABLE: Record<CodePage, ReadonlySet<string>> = {
  cp437: printableSet(CP437_HIGH),
  cp850: printableSet(CP850_HIGH),
  cp858: printableSet(CP858_HIGH),
  cp1252: printableSet(CP1252_HIGH),
};

/** True when the code page has a byte for this character (one code point). */
export function canPrint(char: string, codePage: CodePage): boolean {
  return PRINTABLE[codePage].has(char);
}

/**
 * What a code page without the character prints instead, where a plain one means the same: the
 * minus sign the slips write before a negative amount (U+2212, in none of the code pages) is
 * printed as the hyphen-minus, never as '?'.
 */
const STAND_INS: Readonly<Record<string, string>> = { '\u2212': '-' };

/**
 * The text as the printer will show it: one character per column, with characters the code
 * page lacks printed as their stand-in (STAND_INS) or, with none, '?' (control characters, C0
 * and DEL, too), and tabs as a space. Its length is its printed width.
 */
export function toPrintable(value: string, codePage: CodePage): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const standIn = STAND_INS[char];
    if (char === '\t') out += ' ';
    else if (canPrint(char, codePage)) out += char;
    else out += standIn !== undefined && canPrint(standIn, codePage) ? standIn : REPLACEMENT_CHARACTER;
  }
  return out;
}

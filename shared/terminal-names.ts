// A card machine as staff know it: the name the shop gave it in the Terminals screen, else the
// last digits of its id (as printed on the sticker underneath). One rule for every screen,
// report and message that mentions a terminal.
/**
 * `unnamed` words the fallback from the last four digits: the screens pass their language's
 * words; the log, the API and the accountant's CSV files keep the English default.
 */
export function terminalName(
  names: Readonly<Record<string, string>>,
  terminalId: string,
  unnamed: (lastDigits: string) => string = unnamedInEnglish,
): string {
  return names[terminalId]?.trim() || unnamed(lastDigitsOf(terminalId));
}

/**
 * A card machine's name (the shop's, else the English fallback) and whether the shop gave it:
 * what the services send, so each screen and slip words an unnamed one in its own language.
 */
export function namedTerminal(
  names: Readonly<Record<string, string>>,
  terminalId: string,
): { name: string; named: boolean } {
  return { name: terminalName(names, terminalId), named: Boolean(names[terminalId]?.trim()) };
}

/**
 * The English fallback, as services name an unnamed machine in their records. Nothing reads it
 * back to tell an unnamed machine: they say so (`named`).
 */
function unnamedInEnglish(lastDigits: string): string {
  return `Card machine ending ${lastDigits}`;
}

export function lastDigitsOf(terminalId: string): string {
  return terminalId.slice(-4);
}

// What staff must never read: an id, a URL path, an error class or a system error code. One list,
// used on the catalogues and on the services' worded messages.

const RULES: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a UUID', pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i },
  { what: 'a web address', pattern: /\b(?:https?|wss?):\/\//i },
  {
    what: 'an API path',
    pattern: /(?:^|[^\w])\/(?:api|mcp|v\d+|oauth|token|authorize|transactions?|terminals?)\b/i,
  },
  // "/a/b"-style paths; device paths a manager types in Settings (/dev/usb/lp0) are allowed.
  { what: 'a URL path', pattern: /(?:^|[\s(“"'])\/(?!dev\/)[\w-]+\/[\w-]+/ },
  { what: 'an error class name', pattern: /\b[A-Z][A-Za-z]*(?:Error|Exception)\b/ },
  {
    what: 'a system error code',
    pattern:
      /\bE(?:CONN[A-Z]+|NOTFOUND|NOENT|ACCES|PERM|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|ADDRINUSE|ROFS|NOSPC|IO|BUSY)\b|\bERR_[A-Z_]+\b/,
  },
  { what: 'a D-Bus name', pattern: /\borg\.freedesktop\b|\bD-?Bus\b|\bdbus-daemon\b/i },
  { what: 'a reprint id', pattern: /~dup\d/ },
  {
    what: 'a contract method name',
    pattern:
      /\b(?:payments|sales|printing|settings|secrets|terminals|reports|catalogue|staff|manager|status|app|supplies|merchant|reconciliation|history|shifts|counter|tillReports|shopServer|shopReports|audit|backup)\.[a-z][A-Za-z]*\b/,
  },
  { what: 'a code in capitals', pattern: /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/ },
];

/** The rules a staff-facing text breaks (empty when it is fit to show). */
export function internalsIn(text: string): string[] {
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.what);
}

/** Every text broken by a rule, as "where: what (text)" lines, for one assertion. */
export function offences(texts: ReadonlyArray<{ where: string; text: string }>): string[] {
  return texts.flatMap(({ where, text }) =>
    internalsIn(text).map((what) => `${where}: ${what} in “${text}”`),
  );
}

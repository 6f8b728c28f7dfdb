// One log line format for the whole Node side. Callers pass facts, never secrets; the
// redaction below is a second line of defence for anything that looks like a credential.
const SECRET_NAME = String.raw`(?:password|secret|token|api[_-]?key)["']?\s*[:=]\s*`;
const SECRET_PATTERNS: RegExp[] = [
  /(authorization["']?\s*[:=]\s*["']?)(basic|bearer)\s+[^\s"',]+/gi,
  // A quoted value up to its closing quote (a passphrase may hold spaces, JSON escaped quotes)...
  new RegExp(String.raw`(${SECRET_NAME}")(?:[^"\\]|\\.)*`, 'gi'),
  new RegExp(String.raw`(${SECRET_NAME}')(?:[^'\\]|\\.)*`, 'gi'),
  // ...a bare one up to the next space, quote, comma or brace.
  new RegExp(String.raw`(${SECRET_NAME})[^\s"',}]+`, 'gi'),
];

export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((t, re) => t.replace(re, '$1[redacted]'), text);
}

export interface Logger {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return error === undefined ? '' : String(error);
}

export function createLogger(
  scope: string,
  sink: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const write = (level: string, message: string, error?: unknown) =>
    sink(
      redact(
        `${new Date().toISOString()} ${level} [${scope}] ${message}${error ? ` ${describe(error)}` : ''}`,
      ),
    );
  return {
    info: (m) => write('INFO', m),
    warn: (m, e) => write('WARN', m, e),
    error: (m, e) => write('ERROR', m, e),
  };
}

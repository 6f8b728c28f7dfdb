// One log line format for the whole Node side. Callers pass facts, never secrets; the
// redaction below is a second line of defence for anything that looks like a credential.
const SECRET_PATTERNS: RegExp[] = [
  /(authorization["']?\s*[:=]\s*["']?)(basic|bearer)\s+[^\s"',]+/gi,
  /((?:password|secret|token|api[_-]?key)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
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

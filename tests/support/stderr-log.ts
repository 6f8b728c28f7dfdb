// The till's log goes to stderr: a test that checks what was logged keeps it instead of printing it.

/** Runs `work` with what is written to stderr kept instead of printed, and returns it. */
export async function loggedDuring(work: () => Promise<unknown>): Promise<string> {
  const written: string[] = [];
  const realWrite = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    await work();
  } finally {
    process.stderr.write = realWrite;
  }
  return written.join('');
}

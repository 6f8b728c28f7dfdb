// Types for what TypeScript files (the unit test of the shares) import from test-shares.mjs.
export function splitIntoLanes(
  files: string[],
  laneCount: number,
  knownMs: Record<string, number>,
): string[][];
export function estimatedTimes(files: string[], timesFiles?: string[]): Record<string, number>;
export function rememberTimes(
  files: Array<{ file: string; ms: number }>,
  options?: { baseline?: boolean },
): void;

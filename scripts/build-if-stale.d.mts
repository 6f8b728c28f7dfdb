// Types for what TypeScript files (the shell benchmark) import from build-if-stale.mjs.
export const HOST_BUNDLE: string;
export const HOST_NODE_FLAGS: readonly string[];
export function buildHost(): Promise<void>;
export function buildIfStale(): Promise<void>;
export function hostEnv(): NodeJS.ProcessEnv;

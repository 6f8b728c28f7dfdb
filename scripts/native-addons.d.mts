// Types for what TypeScript files (the install suite) import from native-addons.mjs.
export function nativeAddonsBuilt(dir?: string): boolean;
export function nativeBuildEnv(dir?: string, env?: NodeJS.ProcessEnv, execPath?: string): NodeJS.ProcessEnv;
export function buildNativeAddonsIfMissing(dir?: string): boolean;

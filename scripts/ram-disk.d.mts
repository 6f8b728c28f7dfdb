// Types for what TypeScript files (the unit test of the choice) import from ram-disk.mjs.
export const RAM_DISK_MIN_FREE: number;
export function ramDiskFrom(stats: { type: number; bavail: number; bsize: number } | null): string | null;
export function ramDisk(): string | null;

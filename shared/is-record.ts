// For data read by hand (a reply's envelope, a socket frame, a settings patch): a plain object
// whose keys can be looked at, not null, not an array.
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

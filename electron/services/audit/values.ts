// Before → after for the audit trail: only the fields that changed, and never a secret.
import type { AuditValues } from '../../../shared/contract';

type Json = AuditValues[string];

/** Keys whose text would be a secret: only these words may stand under them. */
const SECRET_KEYS = new Set([
  'pin',
  'pinhash',
  'hash',
  'salt',
  'password',
  'apikey',
  'token',
  'tokens',
  'secret',
  'secrets',
  'credentials',
]);
/** What may be said about a secret: that it is there, changed, saved or gone. */
export const SECRET_WORDS = ['set', 'changed', 'saved', 'removed', 'none'] as const;
const SAYABLE: ReadonlySet<string> = new Set(SECRET_WORDS);

/**
 * The path of the first secret-looking value in `values` (text or an object under a secret's key,
 * other than the words above), or null. Numbers pass: a drawer's kick pin is 2 or 5, and PINs
 * travel as text.
 */
export function secretIn(values: Json | null | undefined, path = ''): string | null {
  if (values === null || values === undefined || typeof values !== 'object') return null;
  for (const [key, value] of Object.entries(values)) {
    const at = path ? `${path}.${key}` : key;
    if (SECRET_KEYS.has(key.toLowerCase())) {
      if (typeof value === 'string' && !SAYABLE.has(value)) return at;
      if (typeof value === 'object' && value !== null) return at;
    }
    const inside = secretIn(value, at);
    if (inside) return inside;
  }
  return null;
}

/** Whether two JSON values are equal (objects by their keys, whatever their order; lists in order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return (
    keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameValue(x[k], y[k]))
  );
}

/**
 * Only the fields that differ: a field missing on one side is left out of that side. Null when
 * nothing changed.
 */
export function changedFields(
  before: Readonly<Record<string, Json | undefined>>,
  after: Readonly<Record<string, Json | undefined>>,
): { before: AuditValues; after: AuditValues } | null {
  const was: AuditValues = {};
  const now: AuditValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (sameValue(before[key], after[key])) continue;
    if (before[key] !== undefined) was[key] = before[key];
    if (after[key] !== undefined) now[key] = after[key];
  }
  return Object.keys(was).length + Object.keys(now).length === 0 ? null : { before: was, after: now };
}

/**
 * An object as dotted paths to its values ("shop.name"); arrays, and objects at a path in
 * `whole`, stay one value.
 */
export function flatten(
  value: Readonly<Record<string, unknown>>,
  whole: ReadonlySet<string> = new Set(),
  prefix = '',
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !whole.has(path)) {
      Object.assign(out, flatten(v as Record<string, unknown>, whole, path));
    } else if (v !== undefined) {
      out[path] = v as Json;
    }
  }
  return out;
}

/** How many things one entry names by name before it only counts the rest. */
export const NAMED_AT_MOST = 50;

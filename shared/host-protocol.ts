// Messages of the browser host's WebSocket: the contract's calls and events in JSON frames.
// Checked by hand rather than with zod: the host reads calls before the till (and zod, which
// the contract needs) has loaded, so that its address is ready sooner at a cold start.
import { isRecord } from './is-record';

export const HOST_SOCKET_PATH = '/till-socket';

/** A call from a screen: `{kind: "call", id, method, input}` and nothing else. */
export interface HostCall {
  id: number;
  method: string;
  input: unknown;
}

/** What the host sends: a call's reply (id null when the call could not be read) or an event. */
export type HostFrame =
  { kind: 'reply'; id: number | null; reply: unknown } | { kind: 'event'; event: string; payload: unknown };

const hasOnly = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key));

/** The call in `value`, or null when it is not exactly one (unknown keys refused). */
export function readHostCall(value: unknown): HostCall | null {
  if (!isRecord(value) || !hasOnly(value, ['kind', 'id', 'method', 'input'])) return null;
  const { kind, id, method, input } = value;
  if (kind !== 'call') return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
  if (typeof method !== 'string' || method.length > 100) return null;
  return { id, method, input };
}

/** The frame in `value`, or null when it is neither a reply nor an event (extra keys ignored). */
export function readHostFrame(value: unknown): HostFrame | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'reply') {
    const { id } = value;
    if (id !== null && (typeof id !== 'number' || !Number.isSafeInteger(id))) return null;
    return { kind: 'reply', id, reply: value.reply };
  }
  if (value.kind === 'event' && typeof value.event === 'string') {
    return { kind: 'event', event: value.event, payload: value.payload };
  }
  return null;
}

// The renderer's side of the contract, over either transport (Electron IPC through the
// preload, or the browser host's WebSocket): errors become TillErrors with a code the UI can
// word. The till checks every answer and event against the contract before it sends it
// (shared/contract/dispatch.ts, the services' event bus), so the screens take them as they come
// and start without zod; only the envelope is checked here.
import type {
  EventName,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
  TillApi,
} from '../../../shared/contract';
import { GARBLED_ANSWER, readReply, TillError, type ErrorCode } from '../../../shared/contract/till-error';
import { Emitter } from '../../../shared/emitter';
import type { TillTransport } from '../../../shared/transport';

export function unwrapReply<M extends MethodName>(method: M, raw: unknown): MethodOutput<M> {
  const reply = readReply(raw);
  // The method's name is for the console (developers); staff read what to do.
  if (!reply) {
    console.warn(`Malformed reply to ${method}`);
    throw new TillError(GARBLED_ANSWER.code, GARBLED_ANSWER.message, { words: GARBLED_ANSWER.words });
  }
  if (!reply.ok) {
    const { code, message, retryAfterMs, words } = reply.error;
    throw new TillError(code as ErrorCode, message, {
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      ...(words !== undefined && { words }),
    });
  }
  return reply.value as MethodOutput<M>;
}

export function createTillApi(transport: TillTransport): TillApi {
  const byEvent = new Map<EventName, Emitter<unknown>>();
  // An event no screen listens for (a newer till's) finds no emitter and is dropped.
  transport.onEvent((event, payload) => byEvent.get(event as EventName)?.fire(payload));
  return {
    async invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      return unwrapReply(method, await transport.call(method, input));
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      let emitter = byEvent.get(event);
      if (!emitter) byEvent.set(event, (emitter = new Emitter<unknown>()));
      return emitter.on(listener as (payload: unknown) => void);
    },
  };
}

/** The API when there is no till to talk to: every call fails as unreachable, no event comes. */
export const disconnectedTill: TillApi = {
  invoke: () =>
    Promise.reject(
      new TillError('unreachable', 'The till service is not connected.', {
        words: { key: 'bridge.notConnected' },
      }),
    ),
  on: () => () => undefined,
};

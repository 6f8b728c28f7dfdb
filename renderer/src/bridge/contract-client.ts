// The renderer's side of the contract, over either transport (Electron IPC through the
// preload, or the browser host's WebSocket): replies and events are validated where they
// are received, errors become TillErrors with a code the UI can word.
import {
  events,
  isEventName,
  methods,
  replySchema,
  TillError,
  type ErrorCode,
  type EventName,
  type EventPayload,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type TillApi,
} from '../../../shared/contract';
import { Emitter } from '../../../shared/emitter';
import type { TillTransport } from '../../../shared/transport';

const GARBLED_REPLY =
  'The till’s screen and its services did not understand each other. Try again; if it keeps happening, restart Paydesk.';

export function unwrapReply<M extends MethodName>(method: M, raw: unknown): MethodOutput<M> {
  const reply = replySchema.safeParse(raw);
  // The method's name is for the console (developers); staff read what to do.
  if (!reply.success) {
    console.warn(`Malformed reply to ${method}`);
    throw new TillError('malformed_response', GARBLED_REPLY, { words: { key: 'bridge.garbled' } });
  }
  if (!reply.data.ok) {
    const { code, message, retryAfterMs, words } = reply.data.error;
    throw new TillError(code as ErrorCode, message, {
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      ...(words !== undefined && { words }),
    });
  }
  const value = methods[method].output.safeParse(reply.data.value);
  if (!value.success) {
    console.warn(`Unexpected value in the reply to ${method}: ${value.error.message}`);
    throw new TillError('malformed_response', GARBLED_REPLY, { words: { key: 'bridge.garbled' } });
  }
  return value.data as MethodOutput<M>;
}

export function createTillApi(transport: TillTransport): TillApi {
  const byEvent = new Map<EventName, Emitter<unknown>>();
  transport.onEvent((event, payload) => {
    if (!isEventName(event)) return;
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) {
      console.warn(`Ignored a malformed ${event} event`);
      return;
    }
    byEvent.get(event)?.fire(parsed.data);
  });
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

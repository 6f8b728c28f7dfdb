// The services' side of contract events: one bus, forwarded by whichever binding is attached
// (Electron IPC or the browser host's WebSocket).
import type { EventName, EventPayload } from '../../../shared/contract';
import { Emitter, type Disposable } from '../../../shared/emitter';
import { createLogger } from '../common/logger';

const log = createLogger('events');

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

type AnyEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];

export class EventBus {
  private readonly emitter = new Emitter<AnyEvent>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    this.emitter.fire({ event, payload } as AnyEvent);
  }

  subscribe(listener: EventListener): Disposable & (() => void) {
    return this.emitter.on(({ event, payload }) => {
      try {
        listener(event, payload as never);
      } catch (error) {
        // Named here, since the emitter alone cannot say which event the listener failed on.
        log.error(`a listener for ${event} failed:`, error);
      }
    });
  }
}

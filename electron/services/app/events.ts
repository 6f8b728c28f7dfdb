// The services' side of contract events: one bus, forwarded by whichever binding is attached
// (Electron IPC or the browser host's WebSocket). Each event is checked against the contract
// once, here, where it is made: the screens take what the bus sends as it is.
import { events, type EventName, type EventPayload } from '../../../shared/contract';
import { describeIssues } from '../../../shared/contract/dispatch';
import { Emitter, type Disposable } from '../../../shared/emitter';
import { createLogger } from '../common/logger';

const log = createLogger('events');

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

type AnyEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];

export class EventBus {
  private readonly emitter = new Emitter<AnyEvent>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].safeParse(payload);
    if (!checked.success) {
      // A defect of ours: the screens would not understand it, so it is logged and not sent.
      log.error(`a ${event} event is not the contract's, not sent: ${describeIssues(checked.error)}`);
      return;
    }
    this.emitter.fire({ event, payload: checked.data } as AnyEvent);
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

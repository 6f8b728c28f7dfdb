// The services' side of contract events: one bus, forwarded by whichever binding is attached.
import type { EventName, EventPayload } from '../../shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        console.error(`[events] a listener for ${event} failed:`, error);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// The till's two ends (calls in, events out) before the till itself is open: the host listens
// and serves the page while the till's modules load and its database opens, so the two overlap
// at a cold start. A call made meanwhile waits for the till; a screen's event subscription
// starts when the till does.
import type { Disposable } from '../../shared/emitter';
import type { Till } from '../services/app/create-till';
import type { EventBus, EventListener } from '../services/app/events';

/** What the host uses of a till: calls in, events out. */
export interface TillEnds {
  dispatch: Till['dispatch'];
  events: Pick<EventBus, 'subscribe'>;
}

/** The answer to a call that waited for a till that could not be opened (the host is ending). */
const NOT_OPENED = {
  ok: false,
  error: { code: 'unreachable', message: 'The till could not be opened. Restart Paydesk.' },
} as const;

export function tillOnceReady(ready: Promise<TillEnds>): TillEnds {
  // A till that fails to open ends the host (the caller awaits `ready` too, and logs why); until
  // then, calls made meanwhile wait, and are never answered by a till that is not there.
  ready.catch(() => undefined);
  return {
    dispatch: async (method, input) => {
      const till = await ready.catch(() => null);
      return till ? till.dispatch(method, input) : NOT_OPENED;
    },
    events: {
      subscribe(listener: EventListener): Disposable & (() => void) {
        let off: (() => void) | null = null;
        let cancelled = false;
        void ready
          .then((till) => {
            if (!cancelled) off = till.events.subscribe(listener);
          })
          .catch(() => undefined);
        const unsubscribe = () => {
          cancelled = true;
          off?.();
        };
        return Object.assign(unsubscribe, { dispose: unsubscribe });
      },
    },
  };
}

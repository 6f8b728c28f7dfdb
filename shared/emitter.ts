// One typed event emitter for every area (services and renderer alike), in place of
// hand-rolled listener sets. Subscriptions are disposable; a throwing listener is reported,
// never allowed to stop the others.

export interface Disposable {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  constructor(private readonly onListenerError: (error: unknown) => void = defaultListenerError) {}

  /** Subscribes; call `dispose()` on the result (or the returned function) to stop listening. */
  on(listener: Listener<T>): Disposable & (() => void) {
    // Wrapped so the same function can be subscribed twice and removed once each.
    const entry: Listener<T> = (value) => listener(value);
    this.listeners.add(entry);
    const dispose = () => {
      this.listeners.delete(entry);
    };
    return Object.assign(dispose, { dispose });
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.listeners.clear();
  }
}

function defaultListenerError(error: unknown): void {
  console.error('[emitter] a listener failed:', error);
}

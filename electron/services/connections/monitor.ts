// Keeps the connection state of each outside service, from the outcome of real calls and
// from a modest periodic check, and announces every change.
import type { ConnectionState, ServiceName } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { Emitter, type Disposable } from '../../../shared/emitter';
import { systemClock, type Clock, type TimerHandle } from '../common/clock';

const OFFLINE_CODES = new Set(['unreachable', 'timeout', 'certificate']);

export class ConnectionMonitor {
  private readonly states = new Map<ServiceName, ConnectionState>();
  private readonly changed = new Emitter<void>();
  private readonly timers = new Map<ServiceName, TimerHandle>();

  constructor(
    services: ReadonlyArray<{ service: ServiceName; mode: 'sandbox' | 'live' }>,
    private readonly clock: Clock = systemClock,
  ) {
    for (const { service, mode } of services) {
      this.states.set(service, {
        service,
        mode,
        state: 'unknown',
        detail: 'Not checked yet',
        checkedAt: null,
      });
    }
  }

  list(): ConnectionState[] {
    return [...this.states.values()];
  }

  /** Called after any service's state, detail or mode changes. */
  onChange(listener: () => void): Disposable & (() => void) {
    return this.changed.on(listener);
  }

  setMode(service: ServiceName, mode: 'sandbox' | 'live'): void {
    this.set(service, { mode, state: 'unknown', detail: 'Not checked yet', offlineTerminals: [] });
  }

  /**
   * A card machine answered a call (`answered`), or the service said it does not know it or it
   * is offline (404): the service's pill names the machines found offline until they answer.
   */
  terminalAnswered(service: ServiceName, terminalId: string, answered: boolean): void {
    const previous = this.states.get(service);
    if (!previous) return;
    const before = previous.offlineTerminals ?? [];
    const after = answered
      ? before.filter((id) => id !== terminalId)
      : before.includes(terminalId)
        ? before
        : [...before, terminalId];
    if (after === before || after.length === before.length) return;
    this.states.set(service, { ...previous, offlineTerminals: after });
    this.changed.fire();
  }

  /** The card machines found offline on `service` (for the Terminals screen). */
  offlineTerminals(service: ServiceName): ReadonlySet<string> {
    return new Set(this.states.get(service)?.offlineTerminals ?? []);
  }

  /** Wraps a call to a service: its outcome says whether the service is reachable. */
  async track<T>(service: ServiceName, work: Promise<T>): Promise<T> {
    try {
      const value = await work;
      this.set(service, { state: 'online', detail: 'Connected' });
      return value;
    } catch (error) {
      if (error instanceof TillError && OFFLINE_CODES.has(error.code)) {
        this.set(service, { state: 'offline', detail: error.message });
      } else if (
        error instanceof TillError &&
        // 'storage': the sign-in could not be read from the keychain, so nothing was asked.
        ['bad_credentials', 'not_configured', 'service_error', 'storage'].includes(error.code)
      ) {
        this.set(service, { state: 'error', detail: error.message });
      } else {
        // A 404 or 422 still proves the service answered.
        this.set(service, { state: 'online', detail: 'Connected' });
      }
      throw error;
    }
  }

  /** Runs `check` of `service` now and then every `intervalMs` until stopped (one check per service). */
  startPeriodicCheck(service: ServiceName, check: () => Promise<unknown>, intervalMs: number): void {
    this.timers.get(service)?.cancel();
    const run = () => {
      this.timers.set(service, this.clock.setTimer(run, intervalMs));
      void check().catch(() => undefined);
    };
    run();
  }

  stop(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private set(service: ServiceName, patch: Partial<ConnectionState>): void {
    const previous = this.states.get(service);
    if (!previous) return;
    const next: ConnectionState = {
      ...previous,
      ...patch,
      checkedAt: new Date(this.clock.now()).toISOString(),
    };
    this.states.set(service, next);
    if (
      previous.state !== next.state ||
      previous.detail !== next.detail ||
      previous.mode !== next.mode ||
      previous.offlineTerminals?.length !== next.offlineTerminals?.length
    ) {
      this.changed.fire();
    }
  }
}

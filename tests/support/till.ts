// An in-process till on a temporary data directory, driven through its contract dispatcher,
// with a fast sandbox card machine. For service-level tests that need the whole composition.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxServices, type SandboxServices } from '../../electron/sandbox/index';
import { createTill, type Till, type TillOptions } from '../../electron/services/app/create-till';
import { createRestartableTill } from '../../electron/services/app/restartable-till';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { keychainStoreFor } from '../../electron/services/storage/secret-store-keychain';
import { aesBackend } from './encryption';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import { driveClock, ManualClock } from './manual-clock';

/** What a test may set: the till's own options, and the pace and size of its stand-ins. */
export type TestTillOptions = Partial<Omit<TillOptions<SandboxServices>, 'standIns'>> & {
  /** Pace of the sandbox card machine (50 by default: tests do not wait on it). */
  sandboxSpeed?: number;
  /** Size of the demo catalogue seeded into an empty database (the benchmark uses 10,000). */
  catalogueSeedSize?: number;
  /**
   * The till and its card machine on one manual clock driven fast (driveClock): a card payment
   * takes a few real milliseconds, and `time.hold()` stops the clock to keep one running.
   */
  drivenClock?: boolean;
  /** Started as the hosts start it (app/restartable-till.ts), so a restore can replace its records. */
  restartable?: boolean;
  /**
   * Where its passwords go: an encrypted file in its data folder (the default: nothing outside
   * the folder, and no keychain round trips at each start), or the OS keychain as a real till
   * keeps them (the browser tests, and any test of what the keychain does).
   */
  secretsIn?: 'file' | 'keychain';
};

/** The driven clock of a till started with `drivenClock`. */
export interface DrivenTime {
  clock: ManualClock;
  /** Stops time: the card machine and the till's reads wait where they are. */
  hold(): Promise<void>;
  /** Time runs fast again. */
  resume(): void;
}

export interface TestTill {
  till: Till<SandboxServices>;
  dataDir: string;
  /** Set when started with `drivenClock`. */
  time: DrivenTime | null;
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** The error code a call fails with (fails the test if it succeeds). */
  failure(method: MethodName, input: unknown): Promise<{ code: string; message: string }>;
  waitForEvent<E extends EventName>(
    event: E,
    match: (payload: EventPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<EventPayload<E>>;
  close(): Promise<void>;
}

/** One key per process, so a till started again on its data folder reads its own secrets. */
const FILE_SECRETS_KEY = aesBackend();

/** The keychain entries' name for this process's test tills. */
const TEST_KEYCHAIN_SERVICE = `Paydesk test ${process.pid}`;

export async function startTestTill(options: TestTillOptions = {}): Promise<TestTill> {
  const {
    sandboxSpeed = 50,
    catalogueSeedSize,
    drivenClock = false,
    restartable = false,
    secretsIn = 'file',
    ...tillOptions
  } = options;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-till-'));
  const clock = drivenClock ? new ManualClock(Date.now()) : undefined;
  const till = await (restartable ? createRestartableTill : createTill)({
    host: 'browser',
    version: 'test',
    pinScryptCost: 1024,
    logger: { info: () => {}, warn: () => {}, error: (m, e) => console.error(m, e) },
    secretStores: [
      secretsIn === 'keychain'
        ? // Under a name of this test process's own: test files running at once never read or
          // replace each other's passwords.
          keychainStoreFor(dataDir, { service: TEST_KEYCHAIN_SERVICE, ...(clock && { clock }) })
        : new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: FILE_SECRETS_KEY }),
    ],
    ...tillOptions,
    ...(clock && { clock }),
    standIns: () =>
      startSandboxServices({
        speed: sandboxSpeed,
        ...(clock && { clock }),
        ...(catalogueSeedSize !== undefined && { catalogueSize: catalogueSeedSize }),
      }),
    dataDir,
  });
  let driver = clock ? driveClock(clock) : null;
  const time: DrivenTime | null = clock
    ? {
        clock,
        async hold() {
          await driver?.stop();
          driver = null;
        },
        resume() {
          driver ??= driveClock(clock);
        },
      }
    : null;
  return {
    till,
    dataDir,
    time,
    async call(method, input) {
      const reply = await till.dispatch(method, input);
      if (!reply.ok) throw new Error(`${method} failed: ${reply.error.code} ${reply.error.message}`);
      return reply.value as never;
    },
    async failure(method, input) {
      const reply = await till.dispatch(method, input);
      if (reply.ok) throw new Error(`${method} was expected to fail but succeeded`);
      return reply.error;
    },
    waitForEvent(event, match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          off();
          reject(new Error(`timed out waiting for ${event}`));
        }, timeoutMs);
        const off = till.events.subscribe((name, payload) => {
          if ((name as string) === event && match(payload as never)) {
            clearTimeout(timer);
            off();
            resolve(payload as never);
          }
        });
      });
    },
    async close() {
      time?.resume(); // closing may wait on the till's own timers
      await till.close();
      await driver?.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Basket lines whose total ends in `suffix` pence: the sandbox card machine picks its script by it. */
export function basketEndingIn(
  products: ReadonlyArray<{ id: string; price: number }>,
  suffix: number,
): Array<{ productId: string; quantity: number }> {
  for (const p of products) {
    for (let quantity = 1; quantity <= 20; quantity++) {
      if ((p.price * quantity) % 100 === suffix) return [{ productId: p.id, quantity }];
    }
  }
  throw new Error(`no basket of one product ends in ${suffix}`);
}

// A whole till built by the composition root, as Electron main and the browser host build it: a
// temp data folder (an optional settings.json written first), the real sandbox stand-ins on
// loopback counted as they start and close, and every contract event kept in order.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxServices, type SandboxServices } from '../../../electron/sandbox/index';
import { createTill, type Till, type TillOptions } from '../../../electron/services/app/create-till';
import type {
  EventName,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
} from '../../../shared/contract';
import type { Reply } from '../../../shared/contract/errors';
import { EncryptedFileSecretStore } from '../../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../../support/encryption';
import { waitUntil } from '../../support/wait';

export const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Every service the till talks to, live at a loopback port nothing listens on. */
export const DEAD_ADDRESS = 'http://127.0.0.1:9';
export const ALL_LIVE = {
  payAtCounter: { mode: 'live', liveBaseUrl: DEAD_ADDRESS },
  distribution: { mode: 'live', liveBaseUrl: DEAD_ADDRESS },
  merchant: { mode: 'live', liveBaseUrl: DEAD_ADDRESS },
};

export interface SeenEvent {
  event: EventName;
  payload: unknown;
}

export interface AppTill {
  till: Till<SandboxServices>;
  dataDir: string;
  /** How often the stand-ins were started and closed. */
  standIns: { starts: number; closes: number };
  /** Every contract event the till emitted, in order. */
  events: SeenEvent[];
  dispatch(method: string, input?: unknown): Promise<Reply>;
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  failure(method: MethodName, input: unknown): Promise<{ code: string; message: string }>;
  /** The first event of that name (from `from` on) that matches, waited for. */
  event<E extends EventName>(
    event: E,
    match?: (payload: EventPayload<E>) => boolean,
    from?: number,
  ): Promise<EventPayload<E>>;
  /** Closes the till; the data folder stays when `keep` (to start the till again on it). */
  close(options?: { keep?: boolean }): Promise<void>;
}

export interface AppTillOptions extends Partial<Omit<TillOptions<SandboxServices>, 'standIns' | 'dataDir'>> {
  /** Written as settings.json before the till starts. */
  settings?: object;
  /** An existing data folder (a restart); a new temp folder otherwise. */
  dataDir?: string;
}

export async function startAppTill(options: AppTillOptions = {}): Promise<AppTill> {
  const { settings, dataDir: given, ...tillOptions } = options;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'paydesk-app-'));
  if (settings) writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
  const standIns = { starts: 0, closes: 0 };
  const events: SeenEvent[] = [];
  let till: Till<SandboxServices>;
  try {
    till = await createTill<SandboxServices>({
      host: 'browser',
      version: 'test-version',
      logger: quietLogger,
      // Secrets in an encrypted file in the data folder: nothing written outside it.
      secretStores: [
        new EncryptedFileSecretStore({ file: join(dataDir, 'secrets.bin'), encryption: aesBackend() }),
      ],
      pinScryptCost: 1024,
      ...tillOptions,
      dataDir,
      standIns: async () => {
        standIns.starts++;
        const services = await startSandboxServices({
          speed: 50,
          ...(tillOptions.clock && { clock: tillOptions.clock }),
        });
        return {
          ...services,
          close: async () => {
            standIns.closes++;
            await services.close();
          },
        };
      },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  till.events.subscribe((event, payload) => events.push({ event, payload }));
  const dispatch = (method: string, input: unknown = {}) => till.dispatch(method, input);
  return {
    till,
    dataDir,
    standIns,
    events,
    dispatch,
    async call(method, input) {
      const reply = await dispatch(method, input);
      if (!reply.ok) assert.fail(`${method} failed: ${reply.error.code} ${reply.error.message}`);
      return reply.value as never;
    },
    async failure(method, input) {
      const reply = await dispatch(method, input);
      if (reply.ok) assert.fail(`${method} was expected to fail but succeeded`);
      return reply.error;
    },
    event(event, match = () => true, from = 0) {
      return waitUntil(
        () =>
          events.slice(from).find((e) => e.event === event && match(e.payload as never))
            ?.payload as EventPayload<typeof event>,
        `the event ${event}`,
        10_000,
      );
    },
    async close({ keep = false } = {}) {
      try {
        await till.close();
      } finally {
        if (!keep && !given) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

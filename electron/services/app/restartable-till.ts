// A till that can be started again in the same process: a restore replaces the database, which
// must be closed for that, so the host keeps talking to this wrapper while the till behind it is
// closed, the records replaced, and a new till started on the same data folder and settings.
import { join } from 'node:path';
import type { Dispatch } from '../../../shared/contract/dispatch';
import type { Disposable } from '../../../shared/emitter';
import { systemClock } from '../common/clock';
import { JsonFileSettingsStore } from '../storage/settings';
import { createTill, type Till, type TillOptions } from './create-till';
import { EventBus } from './events';
import type { StandIns } from './stand-ins';

export async function createRestartableTill<S extends StandIns>(options: TillOptions<S>): Promise<Till<S>> {
  // One settings store for every till started here: a restore writes the backup's settings into it.
  const settings =
    options.settingsStore ??
    new JsonFileSettingsStore({
      file: join(options.dataDir, 'settings.json'),
      clock: options.clock ?? systemClock,
    });
  const events = new EventBus();
  let pendingRestore = options.pendingRestore ?? null;
  let current: Till<S>;
  let forwarding: Disposable & (() => void);

  async function start(): Promise<void> {
    current = await createTill({ ...options, settingsStore: settings, pendingRestore, restart });
    forwarding = current.events.subscribe((event, payload) => events.emit(event, payload));
  }

  async function restart(between: () => Promise<void>): Promise<void> {
    forwarding();
    await current.close();
    pendingRestore = null;
    try {
      await between();
    } finally {
      // Whatever `between` did, the data folder gets a till again.
      await start();
    }
  }

  await start();
  const dispatch: Dispatch = (method, input) => current.dispatch(method, input);
  return {
    dispatch,
    events,
    get info() {
      return current.info;
    },
    sandbox: () => current.sandbox(),
    settings,
    close: () => current.close(),
  };
}

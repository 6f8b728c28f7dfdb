// Under Electron the settings live in electron-store (the design card's choice), behind the
// same validated SettingsStore the browser host uses with a JSON file: same schema, same
// handling of a damaged file (kept aside and reported), same atomic writes, the same kept
// backup (settings.json.bak, written before each save) and a file only this user can read.
import Store from 'electron-store';
import { renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  JsonFileSettingsPersistence,
  SettingsUnreadableError,
  ValidatedSettingsStore,
  type Settings,
  type SettingsPersistence,
} from '../services/storage/settings';
import { writeFileAtomic } from '../services/storage/settings-files';
import { TillError } from '../../shared/contract/errors';

class ElectronStorePersistence implements SettingsPersistence {
  private store: Store<Record<string, unknown>> | null = null;
  readonly location: string;
  /** The backup beside the file, read as the JSON store reads its own (same name, same parsing). */
  private readonly backup: JsonFileSettingsPersistence;

  constructor(private readonly cwd: string) {
    this.location = join(cwd, 'settings.json');
    this.backup = new JsonFileSettingsPersistence(`${this.location}.bak`);
  }

  private open(): Store<Record<string, unknown>> {
    // clearInvalidConfig stays false: a damaged file must be kept, not silently emptied.
    this.store ??= new Store({
      cwd: this.cwd,
      name: 'settings',
      clearInvalidConfig: false,
      configFileMode: 0o600,
    });
    return this.store;
  }

  read(): unknown {
    let store: Store<Record<string, unknown>>;
    try {
      store = this.open();
    } catch (error) {
      throw new SettingsUnreadableError(error instanceof Error ? error.message : 'unreadable');
    }
    return store.size === 0 ? undefined : store.store;
  }

  readBackup(): unknown {
    return this.backup.read();
  }

  /** The backup first, then the store, as the JSON store does: a failed save loses nothing. */
  write(data: Settings): void {
    try {
      writeFileAtomic(this.backup.location, `${JSON.stringify(data, null, 2)}\n`);
      this.open().store = data as unknown as Record<string, unknown>;
    } catch (error) {
      throw new TillError('storage', 'The settings could not be saved on this computer.', { cause: error });
    }
  }

  setAside(stamp: string): string | null {
    const target = join(dirname(this.location), `settings.corrupt-${stamp}.json`);
    try {
      renameSync(this.location, target);
      this.store = null;
      return target;
    } catch {
      return null;
    }
  }
}

export function createElectronSettingsStore(userDataDir: string): ValidatedSettingsStore {
  return new ValidatedSettingsStore(new ElectronStorePersistence(userDataDir));
}

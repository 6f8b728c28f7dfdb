import { basename, dirname, join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { Emitter, type Disposable } from '../../../shared/emitter';
import {
  defaultSettings,
  describeSettingsIssues,
  settingsSchema,
  type Settings,
} from '../../../shared/settings';
import { systemClock, type Clock } from '../common/clock';
import { fileStamp, readTextIfExists, realFs, writeFileAtomic, type SettingsFs } from './settings-files';
import { isRecord } from '../../../shared/is-record';

export * from '../../../shared/settings';

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

/** Something the till should tell the shop owner about the settings, e.g. a damaged file set aside. */
export interface SettingsProblem {
  kind: 'corrupt' | 'invalid';
  /** Plain words for the UI. */
  message: string;
  /** Where the unreadable copy was kept, so nothing is lost. */
  keptAt: string | null;
  /** True when the last saved settings came back from the backup copy (manager PIN included). */
  restored: boolean;
  at: string;
}

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
export type SettingsPatch = DeepPartial<Settings>;
export type SettingsUpdate = SettingsPatch | ((current: Settings) => Settings);
export type SettingsListener = (next: Settings, previous: Settings) => void;

export interface SettingsStore {
  /** The current settings (validated). Never throws for a damaged file: see problems(). */
  load(): Settings;
  /**
   * Merges a patch (objects merged deeply, arrays replaced) or applies an updater, validates the
   * result and saves it atomically. Throws TillError('invalid_input') for invalid settings and
   * TillError('storage') if saving fails; in both cases nothing changes.
   */
  update(change: SettingsUpdate): Settings;
  /** Called after every successful update. Call (or dispose) the result to stop the calls. */
  onChange(listener: SettingsListener): Disposable & (() => void);
  /** Damage found while loading (file set aside, defaults used), for the UI to show. */
  problems(): readonly SettingsProblem[];
}

/**
 * Where a SettingsStore keeps its data. The JSON file below is one; Electron main may back the
 * same store with electron-store/conf by implementing these three calls (read the raw object,
 * write atomically, keep a bad copy aside), and gets the same validation and problem reporting.
 */
export interface SettingsPersistence {
  /** Where the settings live, for messages. */
  readonly location: string;
  /** The stored data, undefined when nothing is stored yet. Throws SettingsUnreadableError for damage. */
  read(): unknown;
  /** Saves atomically (and the backup copy, if kept) or throws TillError('storage') leaving the old data intact. */
  write(data: Settings): void;
  /**
   * The backup copy written with the last save, undefined when there is none. Throws
   * SettingsUnreadableError for damage. Optional: a store without a backup falls back to defaults.
   */
  readBackup?(): unknown;
  /** Keeps the damaged data aside under a timestamped name; returns where, or null if it could not. */
  setAside(stamp: string): string | null;
}

export class SettingsUnreadableError extends Error {
  override readonly name = 'SettingsUnreadableError';
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isRecord(base) || !isRecord(patch)) return patch === undefined ? base : patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = deepMerge(base[key], value);
  return merged;
}

export interface ValidatedSettingsStoreOptions {
  /** Stamps a damaged file kept aside; default the system clock. */
  clock?: Pick<Clock, 'now'>;
}

export class ValidatedSettingsStore implements SettingsStore {
  private current: Settings | null = null;
  private readonly found: SettingsProblem[] = [];
  // A failing listener must not stop the others or undo a save that happened.
  private readonly changes = new Emitter<{ next: Settings; previous: Settings }>(() => undefined);
  private readonly clock: Pick<Clock, 'now'>;

  constructor(
    private readonly persistence: SettingsPersistence,
    options: ValidatedSettingsStoreOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
  }

  load(): Settings {
    if (this.current === null) this.current = this.readOrDefaults();
    return structuredClone(this.current);
  }

  problems(): readonly SettingsProblem[] {
    this.load();
    return [...this.found];
  }

  update(change: SettingsUpdate): Settings {
    const previous = this.load();
    const candidate =
      typeof change === 'function' ? change(structuredClone(previous)) : deepMerge(previous, change);
    const parsed = settingsSchema.safeParse(candidate);
    if (!parsed.success)
      throw new TillError(
        'invalid_input',
        `These settings can't be saved: ${describeSettingsIssues(parsed.error)}`,
      );
    this.persistence.write(parsed.data);
    this.current = parsed.data;
    this.changes.fire({ next: parsed.data, previous });
    return structuredClone(parsed.data);
  }

  onChange(listener: SettingsListener): Disposable & (() => void) {
    // Each listener gets its own copy, so none can change what another sees.
    return this.changes.on(({ next, previous }) => listener(structuredClone(next), previous));
  }

  private readOrDefaults(): Settings {
    const main = this.readValid(() => this.persistence.read());
    if ('settings' in main) return main.settings;
    const backup = this.persistence.readBackup
      ? this.readValid(() => this.persistence.readBackup!())
      : ({ missing: true } as const);
    if ('missing' in main) {
      if (!('settings' in backup)) return defaultSettings();
      // The file is gone but its backup is not: never a silent reset to defaults.
      this.restore(backup.settings);
      this.report('corrupt', 'The settings file was missing', undefined, true);
      return backup.settings;
    }
    const keptAt = this.persistence.setAside(fileStamp(this.clock.now()));
    if ('settings' in backup) {
      this.restore(backup.settings);
      this.report(main.kind, main.what, keptAt, true);
      return backup.settings;
    }
    this.report(main.kind, main.what, keptAt, false);
    return defaultSettings();
  }

  private readValid(
    read: () => unknown,
  ): { settings: Settings } | { missing: true } | { kind: SettingsProblem['kind']; what: string } {
    let raw: unknown;
    try {
      raw = read();
    } catch (error) {
      if (!(error instanceof SettingsUnreadableError)) throw error;
      return { kind: 'corrupt', what: 'The settings file was damaged' };
    }
    if (raw === undefined) return { missing: true };
    const parsed = settingsSchema.safeParse(raw);
    if (parsed.success) return { settings: parsed.data };
    return {
      kind: 'invalid',
      what: `The settings file had values Paydesk can't use (${describeSettingsIssues(parsed.error)})`,
    };
  }

  /** Puts the backup's settings back in place; if that cannot be written now, they still apply. */
  private restore(settings: Settings): void {
    try {
      this.persistence.write(settings);
    } catch {
      // The next save writes them; until then they are in memory and the backup is untouched.
    }
  }

  private report(
    kind: SettingsProblem['kind'],
    what: string,
    /** Where the damaged file was set aside (null: it could not be); undefined: there was no file. */
    keptAt: string | null | undefined,
    restored: boolean,
  ): void {
    const where =
      keptAt === undefined
        ? ''
        : keptAt
          ? `; a copy was kept as ${basename(keptAt)}`
          : '; it could not be copied aside';
    const outcome = restored
      ? 'The last saved settings (manager PIN included) were restored from the backup copy.'
      : 'Default settings are in use until you save new ones.';
    this.found.push({
      kind,
      message: `${what}${where}. ${outcome}`,
      keptAt: keptAt ?? null,
      restored,
      at: new Date(this.clock.now()).toISOString(),
    });
  }
}

/** Settings in one JSON file, e.g. <userData>/settings.json. */
export class JsonFileSettingsPersistence implements SettingsPersistence {
  constructor(
    readonly location: string,
    private readonly fs: SettingsFs = realFs,
  ) {}

  private parse(file: string): unknown {
    const text = readTextIfExists(file, this.fs);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SettingsUnreadableError(error instanceof Error ? error.message : 'not JSON');
    }
  }

  /** The backup copy beside the file, e.g. settings.json.bak. */
  get backupLocation(): string {
    return `${this.location}.bak`;
  }

  read(): unknown {
    return this.parse(this.location);
  }

  readBackup(): unknown {
    return this.parse(this.backupLocation);
  }

  /**
   * The backup first, then the file: if either write fails nothing the store reported as saved
   * is lost, and a damaged file always has a complete copy of the last save beside it.
   */
  write(data: Settings): void {
    const text = `${JSON.stringify(data, null, 2)}\n`;
    writeFileAtomic(this.backupLocation, text, this.fs);
    writeFileAtomic(this.location, text, this.fs);
  }

  setAside(stamp: string): string | null {
    const target = join(dirname(this.location), `settings.corrupt-${stamp}.json`);
    try {
      this.fs.renameSync(this.location, target);
      return target;
    } catch {
      return null;
    }
  }
}

export interface JsonFileSettingsStoreOptions extends ValidatedSettingsStoreOptions {
  /** The settings file, e.g. join(app.getPath('userData'), 'settings.json'). */
  file: string;
  fs?: SettingsFs;
}

/** The settings store for the browser host, tests, and (fine as well) Electron main. */
export class JsonFileSettingsStore extends ValidatedSettingsStore {
  constructor(options: JsonFileSettingsStoreOptions) {
    super(new JsonFileSettingsPersistence(options.file, options.fs), options);
  }
}

/**
 * A settings change that arrived from the renderer, with what the renderer may never change
 * removed: the manager PIN record and lockout (changed only through ManagerPin) and the schema
 * version. The result still goes through update(), which validates everything else.
 */
export function rendererSettingsPatch(patch: unknown): SettingsPatch {
  if (!isRecord(patch)) throw new TillError('invalid_input', 'Settings changes must be an object.');
  const {
    managerPin: _managerPin,
    schemaVersion: _schemaVersion,
    managerPinSet: _managerPinSet,
    ...allowed
  } = patch;
  return allowed as SettingsPatch;
}

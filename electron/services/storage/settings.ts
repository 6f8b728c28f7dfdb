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
  /** Saves atomically or throws TillError('storage') leaving the old data intact. */
  write(data: Settings): void;
  /** Keeps the damaged data aside under a timestamped name; returns where, or null if it could not. */
  setAside(stamp: string): string | null;
}

export class SettingsUnreadableError extends Error {
  override readonly name = 'SettingsUnreadableError';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
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
    let raw: unknown;
    try {
      raw = this.persistence.read();
    } catch (error) {
      if (!(error instanceof SettingsUnreadableError)) throw error;
      this.setAside('corrupt', `The settings file was damaged (${error.message})`);
      return defaultSettings();
    }
    if (raw === undefined) return defaultSettings();
    const parsed = settingsSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.setAside(
      'invalid',
      `The settings file had values Paydesk can't use (${describeSettingsIssues(parsed.error)})`,
    );
    return defaultSettings();
  }

  private setAside(kind: SettingsProblem['kind'], what: string): void {
    const at = this.clock.now();
    const keptAt = this.persistence.setAside(fileStamp(at));
    const where = keptAt ? `a copy was kept as ${basename(keptAt)}` : 'it could not be copied aside';
    this.found.push({
      kind,
      message: `${what}; ${where}. Default settings are in use until you save new ones.`,
      keptAt,
      at: new Date(at).toISOString(),
    });
  }
}

/** Settings in one JSON file, e.g. <userData>/settings.json. */
export class JsonFileSettingsPersistence implements SettingsPersistence {
  constructor(
    readonly location: string,
    private readonly fs: SettingsFs = realFs,
  ) {}

  read(): unknown {
    const text = readTextIfExists(this.location, this.fs);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SettingsUnreadableError(error instanceof Error ? error.message : 'not JSON');
    }
  }

  write(data: Settings): void {
    writeFileAtomic(this.location, `${JSON.stringify(data, null, 2)}\n`, this.fs);
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
  if (!isPlainObject(patch)) throw new TillError('invalid_input', 'Settings changes must be an object.');
  const {
    managerPin: _managerPin,
    schemaVersion: _schemaVersion,
    managerPinSet: _managerPinSet,
    ...allowed
  } = patch;
  return allowed as SettingsPatch;
}

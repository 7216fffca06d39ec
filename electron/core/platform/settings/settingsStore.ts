import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
  type SettingsView,
} from '@shared/contract';
import { AppRequestError } from '@shared/contract';
import { checkGlobalShortcuts } from '@shared/desktop/globalShortcuts';
import { writeFileAtomic } from '../fs/atomicFile';
import { ensurePrivateDir, restrictToOwner } from '../fs/privateDir';
import { quarantineFile } from '../fs/quarantine';
import { noWriteFailureSink, type WriteFailureSink } from '../fs/writeFailure';
import type { Logger } from '../log/logger';
import type { EnvironmentOverrides } from './environment';

export type SettingsListener = (settings: Settings) => void;

export interface SettingsStoreOptions {
  /** Told of a save that fails; a read-only or full data folder keeps the settings in memory for the run. */
  writeFailed?: WriteFailureSink;
  /** How the file is written: writeFileAtomic, or a failing one in tests run as root (chmod cannot stop root). */
  writeFile?: (path: string, data: string) => Promise<void>;
  now?: () => number;
}

/** The damaged settings file of this start: why, and where its bytes went (null: the folder kept it in place). */
export interface SettingsMovedAside {
  problem: string;
  movedTo: string | null;
}

/**
 * The one settings file: validated on load, written atomically, overridden per run by the environment.
 * A file that fails to load (cut mid-write, or a value out of range) is moved aside as
 * `settings.json.corrupt-<time>`, bytes as they were, and the app starts from defaults.
 */
export class SettingsStore {
  private readonly listeners = new Set<SettingsListener>();
  /** The last update's end: the next one starts after it. */
  private updates: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private saved: Settings,
    private readonly overrides: EnvironmentOverrides,
    readonly movedAside: SettingsMovedAside | null,
    private readonly options: SettingsStoreOptions,
  ) {}

  static async open(
    file: string,
    overrides: EnvironmentOverrides,
    logger: Logger,
    options: SettingsStoreOptions = {},
  ): Promise<SettingsStore> {
    await ensurePrivateDir(dirname(file));
    await restrictToOwner(file);
    let raw: string | null = null;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const defaults = (): Settings => settingsSchema.parse({});
    if (raw === null) return new SettingsStore(file, defaults(), overrides, null, options);

    const problem = describeProblem(raw);
    if (problem === null) {
      const saved = settingsSchema.parse(migrateSettingsFile(JSON.parse(raw)));
      return new SettingsStore(file, saved, overrides, null, options);
    }
    let movedTo: string | null = null;
    try {
      movedTo = (await quarantineFile(file, { now: options.now })).movedTo;
    } catch (error) {
      // A read-only folder keeps the file where it is; the defaults hold for this run.
      if (!(options.writeFailed ?? noWriteFailureSink)(error, 'settings')) throw error;
    }
    const movedAside = { problem, movedTo };
    logger.warn('settings file rejected', { problem, movedTo });
    return new SettingsStore(file, defaults(), overrides, movedAside, options);
  }

  /** For the log and `serve`'s terminal: what happened to a damaged settings file at start, or null. */
  get loadProblem(): string | null {
    if (!this.movedAside) return null;
    const { problem, movedTo } = this.movedAside;
    const where = movedTo
      ? `It was moved to ${movedTo}`
      : 'It was left where it is (the folder cannot be written)';
    return `The settings file was unreadable (${problem}). ${where}; Sightline started with default settings.`;
  }

  /** Saved settings with this run's environment overrides applied. */
  get effective(): Settings {
    const { liveUrl, replayUrl, hostPort, storeUrl } = this.overrides;
    return {
      ...this.saved,
      live: { ...this.saved.live, url: liveUrl ?? this.saved.live.url },
      replay: { ...this.saved.replay, url: replayUrl ?? this.saved.replay.url },
      host: { ...this.saved.host, port: hostPort ?? this.saved.host.port },
      store: { ...this.saved.store, url: storeUrl ?? this.saved.store.url },
    };
  }

  get view(): SettingsView {
    const overridden = [
      this.overrides.liveUrl !== null && 'live.url',
      this.overrides.cardUrl !== null && 'card.port',
      this.overrides.replayUrl !== null && 'replay.url',
      this.overrides.hostPort !== null && 'host.port',
      this.overrides.storeUrl !== null && 'store.url',
    ].filter((path): path is string => path !== false);
    return { settings: this.effective, overridden };
  }

  /**
   * Applies a patch and saves it. Updates run one after another: each merges into what the one before saved, so two
   * saves on their way at once (a key held down in the layout view, two pages) never drop one another's change,
   * whichever file write finishes first.
   */
  update(patch: SettingsPatch): Promise<SettingsView> {
    const applied = this.updates.then(() => this.apply(patch));
    this.updates = applied.catch(() => undefined);
    return applied;
  }

  private async apply(patch: SettingsPatch): Promise<SettingsView> {
    const checked = settingsPatchSchema.safeParse(patch);
    if (!checked.success) {
      throw new AppRequestError({
        code: 'bad-input',
        message: `Invalid settings: ${checked.error.issues[0]?.message}`,
      });
    }
    const merged = settingsSchema.parse({
      ...this.saved,
      ...Object.fromEntries(
        Object.entries(checked.data).map(([section, values]) => [
          section,
          {
            ...this.saved[section as keyof Settings & keyof SettingsPatch],
            // Only the fields the patch names: parsing fills the others with defaults, which must not win.
            ...Object.fromEntries(
              Object.entries(values).filter(([key]) =>
                Object.hasOwn((patch as Record<string, object>)[section] ?? {}, key),
              ),
            ),
          },
        ]),
      ),
    });
    if (checked.data.replay?.hotkeys !== undefined || checked.data.desktop?.shortcuts !== undefined) {
      // Each group is checked by its schema; one key for two shortcuts of different groups only here.
      const settled =
        checked.data.replay?.hotkeys === undefined
          ? 'replay'
          : checked.data.desktop?.shortcuts === undefined
            ? 'desktop'
            : undefined;
      const shortcuts = checkGlobalShortcuts(
        { replay: merged.replay.hotkeys, desktop: merged.desktop.shortcuts },
        settled,
      );
      if (!shortcuts.ok) {
        throw new AppRequestError({
          code: 'bad-input',
          message: `Invalid settings: ${shortcuts.problems.map((problem) => problem.message).join('; ')}`,
        });
      }
    }
    try {
      await (this.options.writeFile ?? writeFileAtomic)(this.file, `${JSON.stringify(merged, null, 2)}\n`);
    } catch (error) {
      // A read-only or full data folder: the change holds for this run, and the Status page says why it is not kept.
      if (!(this.options.writeFailed ?? noWriteFailureSink)(error, 'settings')) throw error;
    }
    this.saved = merged;
    for (const listener of this.listeners) listener(this.effective);
    return this.view;
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Older files as this version reads them. A file from before the first-run guide belongs to someone who set the
 * app up already: the guide does not come back to them (a fresh data folder, without a file, gets it).
 */
function migrateSettingsFile(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || 'firstRun' in json) return json;
  return { ...json, firstRun: { dismissed: true } };
}

/** Why a settings file cannot be used, as a phrase ("not valid JSON (…)"); null when it can. */
function describeProblem(raw: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`;
  }
  const result = settingsSchema.safeParse(json);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `invalid value at ${issue?.path.join('.') || '(top)'}: ${issue?.message}`;
}

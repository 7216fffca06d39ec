import { copyFile, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
  type SettingsView,
} from '@shared/contract';
import { AppRequestError } from '@shared/contract';
import { writeFileAtomic } from '../fs/atomicFile';
import { ensurePrivateDir, restrictToOwner } from '../fs/privateDir';
import type { Logger } from '../log/logger';
import type { EnvironmentOverrides } from './environment';

export type SettingsListener = (settings: Settings) => void;

/**
 * The one settings file: validated on load, written atomically, overridden per run by the environment.
 * A file that fails to load is copied aside (nothing is lost) and the app starts from defaults.
 */
export class SettingsStore {
  private readonly listeners = new Set<SettingsListener>();

  private constructor(
    private readonly file: string,
    private saved: Settings,
    private readonly overrides: EnvironmentOverrides,
    readonly loadProblem: string | null,
  ) {}

  static async open(file: string, overrides: EnvironmentOverrides, logger: Logger): Promise<SettingsStore> {
    await ensurePrivateDir(dirname(file));
    await restrictToOwner(file);
    let raw: string | null = null;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (raw === null) return new SettingsStore(file, settingsSchema.parse({}), overrides, null);

    const problem = describeProblem(raw);
    if (problem === null) {
      return new SettingsStore(file, settingsSchema.parse(JSON.parse(raw)), overrides, null);
    }
    const keptAt = `${file}.invalid-${Date.now()}`;
    await copyFile(file, keptAt);
    const message = `${problem} The file was kept as ${keptAt}; Sightline started with default settings.`;
    logger.warn('settings file rejected', { problem: message });
    return new SettingsStore(file, settingsSchema.parse({}), overrides, message);
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

  async update(patch: SettingsPatch): Promise<SettingsView> {
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
    await writeFileAtomic(this.file, `${JSON.stringify(merged, null, 2)}\n`);
    this.saved = merged;
    for (const listener of this.listeners) listener(this.effective);
    return this.view;
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function describeProblem(raw: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return `The settings file is not valid JSON (${(error as Error).message}).`;
  }
  const result = settingsSchema.safeParse(json);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `The settings file has an invalid value at ${issue?.path.join('.') || '(top)'}: ${issue?.message}.`;
}

import { z } from 'zod';

const port = z.number().int().min(1).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The one settings file. Every field has a default so an older or partial file still loads;
 * anything present but invalid is reported, never silently replaced.
 */
export const settingsSchema = z.object({
  schemaVersion: z.literal(1).default(1),
  live: z
    .object({
      url: httpUrl.default('https://127.0.0.1:2999'),
      // The publisher asks for at most one poll cycle per second.
      pollIntervalMs: z.number().int().min(1000).max(10_000).default(1000),
    })
    .prefault({}),
  card: z
    .object({
      port: port.default(21337),
    })
    .prefault({}),
  replay: z
    .object({
      url: httpUrl.default('https://127.0.0.1:2999'),
    })
    .prefault({}),
  host: z
    .object({
      /** 0 picks a free port at start. */
      port: z.number().int().min(0).max(65535).default(0),
    })
    .prefault({}),
});

export type Settings = z.output<typeof settingsSchema>;

/** What a view may change: any subset of the settings, validated by the same rules. */
export const settingsPatchSchema = z
  .object({
    live: settingsSchema.shape.live.unwrap().partial().strict(),
    card: settingsSchema.shape.card.unwrap().partial().strict(),
    replay: settingsSchema.shape.replay.unwrap().partial().strict(),
    host: settingsSchema.shape.host.unwrap().partial().strict(),
  })
  .partial()
  .strict();

export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export interface SettingsView {
  settings: Settings;
  /** Dotted paths whose value comes from an environment variable for this run (not saved). */
  overridden: string[];
}

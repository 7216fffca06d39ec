import { z } from 'zod';
import { broadcastSettingsPatchSchema, broadcastSettingsSchema } from './broadcast';
import { desktopSettingsPatchSchema, desktopSettingsSchema } from './desktop';
import { historySettingsPatchSchema, historySettingsSchema } from './history';
import { signOnSettingsPatchSchema, signOnSettingsSchema } from './signOn';
import { staticDataSettingsPatchSchema, staticDataSettingsSchema } from './staticData';
import { storeSettingsPatchSchema, storeSettingsSchema } from './storeSettings';
import { webApiSettingsPatchSchema, webApiSettingsSchema } from './webApi';
import { validateHotkeyBindings } from './hotkeys';
import { OVERLAY_ANCHORS } from './live';
import { OVERLAY_ROUTES } from './overlays';
import { isInsideScreen, MIN_BOX_FRACTION } from './overlayPlacement';

/** The companion's route of the first-run guide; the desktop app opens on it until the guide is dismissed. */
export const FIRST_RUN_PATH = '/welcome' as const;

const port = z.number().int().min(1).max(65535);

/** Replay hotkeys the user changed (command → accelerator, null for none); the rest keep their default. */
const hotkeysSchema = z.record(z.string(), z.string().max(60).nullable()).superRefine((bindings, ctx) => {
  const checked = validateHotkeyBindings(bindings);
  if (!checked.ok) {
    for (const problem of checked.problems) {
      ctx.addIssue({ code: 'custom', path: [problem.command], message: problem.message });
    }
  }
});
const httpUrl = z.url({ protocol: /^https?$/ });
const fraction = z.number().min(0).max(1);
/** A widget placed freely on the OBS page's layout view (fractions of the screen); null: at its anchor and scale. */
const placementBox = z
  .object({
    x: fraction,
    y: fraction,
    width: fraction.min(MIN_BOX_FRACTION),
    height: fraction.min(MIN_BOX_FRACTION),
  })
  .strict()
  .refine(isInsideScreen, 'the box must lie inside the screen')
  .nullable();
const overlayFields = {
  scoreboardVisible: z.boolean(),
  scoreboardAnchor: z.enum(OVERLAY_ANCHORS),
  scoreboardScale: z.number().min(0.5).max(2),
  feedVisible: z.boolean(),
  feedAnchor: z.enum(OVERLAY_ANCHORS),
  feedScale: z.number().min(0.5).max(2),
  scoreboardBox: placementBox,
  feedBox: placementBox,
  /** Overlays the desktop app shows as windows (toggled from the tray); OBS sources do not depend on it. */
  windows: z.array(z.enum(OVERLAY_ROUTES.map((route) => route.name))).max(OVERLAY_ROUTES.length),
};

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
      hotkeys: hotkeysSchema.default({}),
    })
    .prefault({}),
  host: z
    .object({
      /** 0 picks a free port at start. */
      port: z.number().int().min(0).max(65535).default(0),
    })
    .prefault({}),
  // Flat fields, so a patch of one field merges without resetting its neighbours.
  overlays: z
    .object({
      scoreboardVisible: overlayFields.scoreboardVisible.default(true),
      scoreboardAnchor: overlayFields.scoreboardAnchor.default('top-center'),
      scoreboardScale: overlayFields.scoreboardScale.default(1),
      feedVisible: overlayFields.feedVisible.default(true),
      feedAnchor: overlayFields.feedAnchor.default('top-right'),
      feedScale: overlayFields.feedScale.default(1),
      scoreboardBox: overlayFields.scoreboardBox.default(null),
      feedBox: overlayFields.feedBox.default(null),
      windows: overlayFields.windows.default(['arena', 'deck-tracker']),
    })
    .prefault({}),
  webApi: webApiSettingsSchema.prefault({}),
  store: storeSettingsSchema,
  staticData: staticDataSettingsSchema,
  signOn: signOnSettingsSchema.prefault({}),
  history: historySettingsSchema,
  desktop: desktopSettingsSchema,
  broadcast: broadcastSettingsSchema,
  /** The first-run guide: shown at the companion's first start until skipped or done. */
  firstRun: z.object({ dismissed: z.boolean().default(false) }).prefault({}),
});

export type Settings = z.output<typeof settingsSchema>;

/** What a view may change: any subset of the settings, validated by the same rules. */
export const settingsPatchSchema = z
  .object({
    live: settingsSchema.shape.live.unwrap().partial().strict(),
    card: settingsSchema.shape.card.unwrap().partial().strict(),
    replay: settingsSchema.shape.replay.unwrap().partial().strict(),
    host: settingsSchema.shape.host.unwrap().partial().strict(),
    // Without defaults: zod's partial() keeps them, and a filled-in default would overwrite a saved value.
    overlays: z.object(overlayFields).partial().strict(),
    webApi: webApiSettingsPatchSchema,
    store: storeSettingsPatchSchema,
    staticData: staticDataSettingsPatchSchema,
    signOn: signOnSettingsPatchSchema,
    history: historySettingsPatchSchema,
    desktop: desktopSettingsPatchSchema,
    broadcast: broadcastSettingsPatchSchema,
    firstRun: z.object({ dismissed: z.boolean() }).partial().strict(),
  })
  .partial()
  .strict();

export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export interface SettingsView {
  settings: Settings;
  /** Dotted paths whose value comes from an environment variable for this run (not saved). */
  overridden: string[];
}

/** Reading the settings (with what the environment overrides) and saving a patch of them. */
export const settingsRequestInputSchemas = {
  'settings.get': z.object({}).strict(),
  'settings.update': settingsPatchSchema,
} as const;

export interface SettingsRequestOutputs {
  'settings.get': SettingsView;
  'settings.update': SettingsView;
}

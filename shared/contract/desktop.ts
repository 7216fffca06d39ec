import { z } from 'zod';
import { normaliseAccelerator } from './hotkeys';
import type { ReplayCommand } from './replay';

/**
 * The desktop app's own settings and what it knows of the machine: which display the overlays are on, the
 * global shortcuts that are not the replay's, and whether it starts with the system. Browser mode has none of it.
 */

/**
 * Where on their display the overlay windows lie. `auto`: over the whole display while a game runs (the arena and
 * card games run fullscreen or borderless, covering the taskbar), above the taskbar otherwise.
 */
export const OVERLAY_AREAS = ['auto', 'display', 'work-area'] as const;
export type OverlayArea = (typeof OVERLAY_AREAS)[number];

/** Global shortcuts of the desktop app besides the replay's. */
export const DESKTOP_SHORTCUTS = ['toggleOverlays'] as const;
export type DesktopShortcut = (typeof DESKTOP_SHORTCUTS)[number];

export const DESKTOP_SHORTCUT_LABELS: Record<DesktopShortcut, string> = {
  toggleOverlays: 'Hide / show every overlay',
};

// Alt+Shift, as the replay's: rarely taken by other apps or by the games.
export const DEFAULT_DESKTOP_SHORTCUTS: Record<DesktopShortcut, string | null> = {
  toggleOverlays: 'Alt+Shift+O',
};

const accelerator = z
  .string()
  .max(60)
  .nullable()
  .superRefine((value, ctx) => {
    if (value === null || value.trim() === '') return;
    const checked = normaliseAccelerator(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
  });

const desktopFields = {
  /** The display the overlays go on (Electron's display id); null, or one not connected: the primary. */
  overlayDisplayId: z.number().int().nullable(),
  overlayArea: z.enum(OVERLAY_AREAS),
  /** Starts to the tray when the user logs in, without opening the companion. */
  startWithSystem: z.boolean(),
};

export const desktopSettingsSchema = z
  .object({
    overlayDisplayId: desktopFields.overlayDisplayId.default(null),
    overlayArea: desktopFields.overlayArea.default('auto'),
    startWithSystem: desktopFields.startWithSystem.default(false),
    shortcuts: z
      .object({ toggleOverlays: accelerator.default(DEFAULT_DESKTOP_SHORTCUTS.toggleOverlays) })
      .prefault({}),
  })
  .prefault({});

// Without defaults: a filled-in default would overwrite a saved value.
export const desktopSettingsPatchSchema = z
  .object({
    ...desktopFields,
    shortcuts: z.object({ toggleOverlays: accelerator }).partial().strict(),
  })
  .partial()
  .strict();

export type DesktopSettings = z.output<typeof desktopSettingsSchema>;

export interface DisplayBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A display as Electron's screen reports it. */
export interface DisplayInfo {
  id: number;
  /** The system's name for it ("DELL U2720Q"); may be empty. */
  label: string;
  primary: boolean;
  bounds: DisplayBounds;
  /** The bounds less the taskbar, Dock or panels. */
  workArea: DisplayBounds;
  scaleFactor: number;
}

/** Every global shortcut, replay or desktop, by one name. */
export type GlobalShortcutId = ReplayCommand | DesktopShortcut;

/** A shortcut the system would not give the app: another app holds it, or Electron refused it. */
export interface RefusedShortcut {
  id: GlobalShortcutId;
  accelerator: string;
  reason: string;
}

/** What the desktop app knows of the machine; browser mode knows none of it. */
export type DesktopStatus =
  | { available: false }
  | {
      available: true;
      displays: DisplayInfo[];
      /** The display the overlays are on now: the chosen one, or the primary when that is not connected. */
      overlayDisplayId: number | null;
      /** The chosen display is not connected, so the overlays are on the primary. */
      chosenDisplayMissing: boolean;
      refusedShortcuts: RefusedShortcut[];
      /** Whether the system will start Sightline at login, as the system holds it. */
      startsWithSystem: boolean;
    };

export const desktopRequestInputSchemas = {
  'desktop.status': z.strictObject({}),
} as const;

export interface DesktopRequestOutputs {
  'desktop.status': DesktopStatus;
}

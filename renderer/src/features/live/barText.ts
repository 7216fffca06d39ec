import type { BroadcastTeams, LiveTeam } from '@shared/contract';
import { LIVE_TEAM_LABELS } from '@shared/contract/live';

/**
 * How the arena bar writes names on stream: pure, so the fit is tested without a browser. The bar is drawn for a
 * 1920-wide canvas (the overlays' source size) and scaled with the source, so these sizes are canvas pixels.
 */

/** The width the arena overlays are drawn for: a source of another width shows them scaled by its share of it. */
export const STREAM_CANVAS_WIDTH = 1920;

/** The scale of everything on an arena overlay in a source `viewportWidth` wide (1280 → 2/3). */
export function streamScale(viewportWidth: number): number {
  return viewportWidth > 0 ? viewportWidth / STREAM_CANVAS_WIDTH : 1;
}

/** A player's name on the bar: never below 14 px on the canvas, at most 18 px. */
export const BAR_NAME_MIN_PX = 14;
export const BAR_NAME_MAX_PX = 18;
/** The room a name has in its player's column of the bar (scoreboard.css: .bar-player less its padding). */
export const BAR_NAME_ROOM_PX = 134;

// Widths of a bold sans's letters in em, each class at its widest in DejaVu Sans Bold (the widest of the fonts
// systems use for system-ui, Segoe UI and San Francisco are narrower), so a name the estimate fits on one line
// fits; one it gets wrong still wraps whole.
const NARROW = /[iIjJlf.,'’!|:;\s]/;
const SLIGHT = /[rtcsz()[\]-]/;
const WIDE = /[mwMW@%]/;

/** The estimated width, in em, of `text` in the bar's bold sans. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROW.test(char)) width += 0.42;
    else if (SLIGHT.test(char)) width += 0.62;
    else if (WIDE.test(char)) width += 1.1;
    else if (/\p{Lu}/u.test(char)) width += 0.86;
    else width += 0.74;
  }
  return width;
}

/** The step between the sizes a name may be written at: 18, 16, 14 px on the bar. */
export const NAME_FONT_STEP_PX = 2;

/**
 * The font size (px, a whole number of steps below `maxPx`) that writes `text` on one line in `roomPx`, at most
 * `maxPx`. It may be below the bar's minimum: the stylesheet holds the minimum (higher in a small source, so the
 * name stays legible drawn), and a name that does not fit there breaks onto a second line at its word breaks
 * (nameParts). Steps, not the exact fit: each size a cold page draws text at costs its first layout a font
 * lookup (about half a millisecond each here), and ten names fitted to the half pixel made up to nine sizes.
 */
export function oneLineFontPx(text: string, roomPx: number, maxPx = BAR_NAME_MAX_PX): number {
  const em = textWidthEm(text);
  if (em === 0) return maxPx;
  const fitting = roomPx / em;
  if (fitting >= maxPx) return maxPx;
  return maxPx - Math.ceil((maxPx - fitting) / NAME_FONT_STEP_PX) * NAME_FONT_STEP_PX;
}

/**
 * A name cut where a second line may start: at spaces, where a lower-case letter meets a capital
 * ("DarkSovereign" → "Dark", "Sovereign"), and where letters meet digits. Joined, the parts are the name.
 */
export function nameParts(name: string): string[] {
  return name.split(/(?<=\s)|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter(Boolean);
}

/** What the bar writes for a side: the caster's name or the game's ("Blue"), and the caster's tag if set. */
export interface TeamLabel {
  name: string;
  tag: string | null;
}

export function teamLabelOf(team: LiveTeam, broadcast: BroadcastTeams): TeamLabel {
  const set = broadcast[team];
  return { name: set.name || LIVE_TEAM_LABELS[team], tag: set.tag || null };
}

import type { DisplayInfo } from '@shared/contract/desktop';

export interface OverlayDisplayChoice {
  /** The display the overlays go on; null only when the system reports none. */
  display: DisplayInfo | null;
  /** The user chose a display that is not connected now: the overlays are on the primary until it is back. */
  chosenMissing: boolean;
}

/** The display the overlays go on: the one the user chose while it is connected, the primary otherwise. */
export function overlayDisplayOf(
  displays: readonly DisplayInfo[],
  chosenId: number | null,
): OverlayDisplayChoice {
  const primary = displays.find((display) => display.primary) ?? displays[0] ?? null;
  if (chosenId === null) return { display: primary, chosenMissing: false };
  const chosen = displays.find((display) => display.id === chosenId);
  return chosen ? { display: chosen, chosenMissing: false } : { display: primary, chosenMissing: true };
}

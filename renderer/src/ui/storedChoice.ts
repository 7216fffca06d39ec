/**
 * A small choice the page remembers in the browser's storage (a layout, a section left open). Storage may be
 * refused (private mode, a locked-down OBS profile): the choice then lasts for this page only.
 */
export function readStoredChoice(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStoredChoice(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Refused: the choice lasts for this page only.
  }
}

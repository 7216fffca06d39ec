/**
 * The one locale the app writes dates and numbers in: the one the core reports (the desktop app passes the
 * system's, Electron's app.getLocale()), else the browser's (browser mode, OBS sources), else the runtime's own.
 * A tag this runtime cannot format is skipped, never an error.
 */
export function displayLocale(
  reported: string | null | undefined,
  browserLanguages: readonly string[] = navigatorLanguages(),
): string {
  for (const tag of [reported, ...browserLanguages]) {
    if (tag && formats(tag)) return tag;
  }
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}

function formats(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false; // not a well-formed tag
  }
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The web preferences of every window. Each is the secure value, spelled out even where it is
 * Electron's default, so a default changing upstream cannot weaken a window.
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

export type SecureWebPreferences = typeof SECURE_WEB_PREFERENCES;

export class InsecureWebPreferencesError extends Error {
  constructor(readonly flag: keyof SecureWebPreferences) {
    super(
      `Refusing to open a window: webPreferences.${flag} must be ${String(SECURE_WEB_PREFERENCES[flag])}.`,
    );
    this.name = 'InsecureWebPreferencesError';
  }
}

/** Throws, naming the flag, unless every secure preference has its secure value. */
export function assertSecureWebPreferences(prefs: Readonly<Record<string, unknown>>): void {
  for (const flag of Object.keys(SECURE_WEB_PREFERENCES) as Array<keyof SecureWebPreferences>) {
    if (prefs[flag] !== SECURE_WEB_PREFERENCES[flag]) throw new InsecureWebPreferencesError(flag);
  }
}

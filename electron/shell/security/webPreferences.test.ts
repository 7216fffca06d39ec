import { describe, expect, it } from 'vitest';
import {
  assertSecureWebPreferences,
  InsecureWebPreferencesError,
  SECURE_WEB_PREFERENCES,
} from './webPreferences';

const flags = Object.keys(SECURE_WEB_PREFERENCES) as Array<keyof typeof SECURE_WEB_PREFERENCES>;

describe('SECURE_WEB_PREFERENCES', () => {
  it('isolates the page from Node and from Electron', () => {
    expect(SECURE_WEB_PREFERENCES).toEqual({
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
    });
  });

  it('passes its own check, also with other preferences beside it', () => {
    expect(() => assertSecureWebPreferences(SECURE_WEB_PREFERENCES)).not.toThrow();
    expect(() =>
      assertSecureWebPreferences({
        ...SECURE_WEB_PREFERENCES,
        preload: '/p.cjs',
        backgroundThrottling: false,
      }),
    ).not.toThrow();
  });
});

describe('assertSecureWebPreferences', () => {
  it.each(flags)('fails, naming the flag, when %s is flipped', (flag) => {
    const prefs = { ...SECURE_WEB_PREFERENCES, [flag]: !SECURE_WEB_PREFERENCES[flag] };
    expect(() => assertSecureWebPreferences(prefs)).toThrow(InsecureWebPreferencesError);
    expect(() => assertSecureWebPreferences(prefs)).toThrow(`webPreferences.${flag} must be`);
  });

  it.each(flags)('fails when %s is left to the default', (flag) => {
    const { [flag]: _omitted, ...prefs } = SECURE_WEB_PREFERENCES;
    expect(() => assertSecureWebPreferences(prefs)).toThrow(flag);
  });
});

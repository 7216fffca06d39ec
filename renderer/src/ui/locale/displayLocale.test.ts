import { describe, expect, it } from 'vitest';
import { displayLocale } from './displayLocale';

describe('displayLocale', () => {
  it('takes the locale the core reports (the system’s, in the desktop app) over the browser’s', () => {
    expect(displayLocale('de-DE', ['fr-FR', 'en-US'])).toBe('de-DE');
  });

  it('takes the browser’s first language it can format when the core reports none (browser mode, OBS)', () => {
    expect(displayLocale(null, ['de-DE', 'en-US'])).toBe('de-DE');
    expect(displayLocale(undefined, ['not a tag', 'pt-BR'])).toBe('pt-BR');
  });

  it('skips a reported tag that is not a locale, and falls back to the runtime’s own', () => {
    expect(displayLocale('de_DE!', ['ja-JP'])).toBe('ja-JP');
    expect(displayLocale('', [])).toBe(new Intl.DateTimeFormat().resolvedOptions().locale);
  });

  it('writes dates and numbers as German users read them when the locale is German', () => {
    const locale = displayLocale('de-DE', ['en-US']);
    expect((1234567.5).toLocaleString(locale)).toBe('1.234.567,5');
    expect(new Date(Date.UTC(2026, 10, 28)).toLocaleDateString(locale, { timeZone: 'UTC' })).toBe(
      '28.11.2026',
    );
  });
});

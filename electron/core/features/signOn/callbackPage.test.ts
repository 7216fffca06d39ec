import { describe, expect, it } from 'vitest';
import { LEGAL_NOTICE } from '@shared/contract';
import { callbackPage } from './callbackPage';

/** The page's text as the browser shows it: tags dropped, character references read. */
function visibleText(html: string): string {
  return html
    .replace(/<style>.*?<\/style>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}

describe('callbackPage', () => {
  it('shows the full legal notice under the message on every answer, linked or refused', () => {
    for (const [title, message] of [
      [
        'Account linked',
        'Sightline is linked to Player#EUW. You can close this tab and return to Sightline.',
      ],
      ['Sign-on failed', 'This sign-on link was already used.'],
    ] as const) {
      const text = visibleText(callbackPage(title, message));
      expect(text).toContain(title);
      expect(text).toContain(message);
      expect(text).toContain(LEGAL_NOTICE);
      expect(text).toContain("Sightline isn't endorsed by Riot Games");
      expect(text.indexOf(message)).toBeLessThan(text.indexOf(LEGAL_NOTICE));
    }
  });

  it('escapes what it is given, so a name cannot add markup', () => {
    const html = callbackPage('Account linked', 'Linked to <script>alert(1)</script>');
    expect(html).not.toContain('<script>');
    expect(visibleText(html)).toContain('Linked to <script>alert(1)</script>');
  });
});

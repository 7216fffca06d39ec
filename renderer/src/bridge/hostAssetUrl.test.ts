import { describe, expect, it } from 'vitest';
import { hostAssetUrl, withPageToken } from './hostAssetUrl';

describe('hostAssetUrl', () => {
  it("adds the page's token to a cached image on a browser-host page", () => {
    expect(hostAssetUrl('/static-data/arena/img/champion/Ahri.png', '?token=abc-123&x=1')).toBe(
      '/static-data/arena/img/champion/Ahri.png?token=abc-123',
    );
  });

  it('leaves desktop pages (no token) and other URLs alone', () => {
    expect(hostAssetUrl('/static-data/cards/en_us/01DE001/card.png', '')).toBe(
      '/static-data/cards/en_us/01DE001/card.png',
    );
    expect(hostAssetUrl('data:image/png;base64,AAAA', '?token=abc')).toBe('data:image/png;base64,AAAA');
  });
});

describe('withPageToken', () => {
  it("adds the page's token to a download on a browser-host page, and nothing on a desktop page", () => {
    expect(withPageToken('/download/AbC-_x', '?token=abc%2B1')).toBe('/download/AbC-_x?token=abc%2B1');
    expect(withPageToken('/download/AbC-_x', '')).toBe('/download/AbC-_x');
  });
});

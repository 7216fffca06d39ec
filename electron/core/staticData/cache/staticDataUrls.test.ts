import { describe, expect, it } from 'vitest';
import { readStaticDataUrls } from './staticDataUrls';

describe('readStaticDataUrls', () => {
  it('defaults to the publisher hosts', () => {
    expect(readStaticDataUrls({})).toEqual({
      ok: true,
      urls: {
        ddragonUrl: 'https://ddragon.leagueoflegends.com',
        cardDataUrl: 'https://dd.b.pvp.net',
        constantsUrl: 'https://static.developer.riotgames.com/docs/lol',
      },
    });
  });

  it('takes overrides without a trailing slash, and refuses what is not http(s)', () => {
    const read = readStaticDataUrls({
      SIGHTLINE_DDRAGON_URL: 'http://127.0.0.1:4001/',
      SIGHTLINE_CARD_DATA_URL: ' http://127.0.0.1:4002 ',
    });
    expect(read.ok && read.urls.ddragonUrl).toBe('http://127.0.0.1:4001');
    expect(read.ok && read.urls.cardDataUrl).toBe('http://127.0.0.1:4002');
    expect(readStaticDataUrls({ SIGHTLINE_GAME_CONSTANTS_URL: 'file:///etc' })).toEqual({
      ok: false,
      message: 'SIGHTLINE_GAME_CONSTANTS_URL must be an http(s) URL, got "file:///etc".',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { EnvironmentError, readEnvironment } from '../../../platform/settings/environment';
import { staticDataUrls } from './staticDataUrls';

describe('staticDataUrls', () => {
  it('defaults to the publisher hosts', () => {
    expect(staticDataUrls(readEnvironment({}))).toEqual({
      ddragonUrl: 'https://ddragon.leagueoflegends.com',
      cardDataUrl: 'https://dd.b.pvp.net',
      constantsUrl: 'https://static.developer.riotgames.com/docs/lol',
    });
  });

  it('takes overrides without a trailing slash, and refuses what is not http(s)', () => {
    const urls = staticDataUrls(
      readEnvironment({
        SIGHTLINE_DDRAGON_URL: 'http://127.0.0.1:4001/',
        SIGHTLINE_CARD_DATA_URL: ' http://127.0.0.1:4002 ',
        SIGHTLINE_GAME_CONSTANTS_URL: 'http://127.0.0.1:4001/docs/lol',
      }),
    );
    expect(urls).toEqual({
      ddragonUrl: 'http://127.0.0.1:4001',
      cardDataUrl: 'http://127.0.0.1:4002',
      constantsUrl: 'http://127.0.0.1:4001/docs/lol',
    });
    expect(() => readEnvironment({ SIGHTLINE_GAME_CONSTANTS_URL: 'file:///etc' })).toThrow(EnvironmentError);
    expect(() => readEnvironment({ SIGHTLINE_GAME_CONSTANTS_URL: 'file:///etc' })).toThrow(
      'SIGHTLINE_GAME_CONSTANTS_URL must be an http(s) URL, got "file:///etc".',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS, REGIONS } from '@shared/contract';
import { ENDPOINTS, fillPath } from './endpoints';
import { checkHostTemplate } from './hostTemplate';
import { locateMatch } from './matchLocation';
import { checkMatchId, checkName, checkRiotId } from './pathParams';
import { checkRouting } from './routingValues';

describe('routing values', () => {
  it('accepts the 16 platforms and 4 regions where the endpoint takes them, in any case', () => {
    for (const platform of PLATFORM_IDS) {
      expect(checkRouting(ENDPOINTS.summonerByPuuid.routing, platform.toUpperCase(), 'x')).toEqual({
        ok: true,
        value: platform,
      });
    }
    for (const region of REGIONS) {
      expect(checkRouting(ENDPOINTS.matchV5.routing, region, 'x')).toEqual({ ok: true, value: region });
    }
  });

  it('refuses the wrong kind, an unknown value and a cluster the endpoint is not served on', () => {
    const message = (rule: keyof typeof ENDPOINTS, value: string) => {
      const checked = checkRouting(ENDPOINTS[rule].routing, value, ENDPOINTS[rule].label);
      return checked.ok ? null : checked.message;
    };
    expect(message('matchV5', 'kr')).toBe(
      'Wrong region for this endpoint: match lookups take a region (americas, asia, europe, sea), not the platform kr. Use asia, the region of kr.',
    );
    expect(message('summonerById', 'sea')).toMatch(/take a platform, not the region sea\. .*oc1, ph2, sg2/);
    expect(message('summonerById', 'oce1')).toBe('Unknown platform "oce1". Did you mean oc1?');
    expect(message('summonerById', 'euw')).toBe('Unknown platform "euw". Did you mean euw1?');
    expect(message('matchV5', 'mars')).toMatch(
      /^Unknown region "mars"\. Known regions: americas, asia, europe, sea\.$/,
    );
    expect(message('accountByPuuid', 'sea')).toMatch(/account lookups go to americas, asia, europe, not sea/);
    expect(message('tournamentGamesV5', 'europe')).toMatch(/go to americas, not europe/);
    expect(message('accountByPuuid', 'euw1')).toMatch(/Use europe, the region of euw1/);
    // No cluster to suggest: sea platforms' accounts are not served on sea.
    expect(message('accountByPuuid', 'oc1')).toMatch(/not the platform oc1\.$/);
  });
});

describe('path parameters', () => {
  it('allows letters of any script, digits, space, _ and . in names; nothing else', () => {
    for (const name of ['Quiet Lantern', 'Søren Ås', '페이커', 'a_b.c', '123']) {
      expect(checkName(name, 'name')).toEqual({ ok: true, value: name });
    }
    for (const name of ['a/b', 'a-b', '<script>', 'x?y', 'a%2Fb', '🙂', '']) {
      expect(checkName(name, 'summoner name').ok).toBe(false);
    }
  });

  it('reads Riot IDs and match IDs', () => {
    expect(checkRiotId(' Quiet Lantern#EUW ')).toEqual({
      ok: true,
      value: { gameName: 'Quiet Lantern', tagLine: 'EUW' },
    });
    expect(checkRiotId('Quiet Lantern')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/name#tag/),
    });
    expect(checkRiotId('Name#TOOLONG').ok).toBe(false);
    expect(checkMatchId('euw1_123')).toEqual({
      ok: true,
      value: { id: 'EUW1_123', platform: 'euw1', region: 'europe', gameId: '123' },
    });
    expect(checkMatchId('OCE1_123').ok).toBe(false);
    expect(checkMatchId('EUW1-123').ok).toBe(false);
  });

  it('takes the Riot IDs real accounts have: tags with spaces, names with combining marks', () => {
    // From real match records: 6 of 330 Riot IDs have a space in the tag; Thai names carry vowel signs (\p{M}).
    const real: Array<[string, string, string]> = [
      ['天 使#KR 1', '天 使', 'KR 1'],
      ['Sleep tight#z z', 'Sleep tight', 'z z'],
      ['Melody#I L', 'Melody', 'I L'],
      ['Noru1247#12 47', 'Noru1247', '12 47'],
      ['น้ำ#TH2', 'น้ำ', 'TH2'],
      ['Søren Ås#EUNE', 'Søren Ås', 'EUNE'],
    ];
    for (const [riotId, gameName, tagLine] of real) {
      expect(checkRiotId(riotId)).toEqual({ ok: true, value: { gameName, tagLine } });
    }
    // Typed decomposed (macOS input), looked up as the API stores it.
    expect(checkRiotId('Søren Ås#EUNE'.normalize('NFD'))).toEqual({
      ok: true,
      value: { gameName: 'Søren Ås', tagLine: 'EUNE' },
    });
    // 16 characters as people count them, though Thai marks make more code points.
    expect(checkRiotId(`${'น้ำ'.repeat(5)}#TH2`).ok).toBe(true);
    expect(checkRiotId(`${'a'.repeat(17)}#TAG`)).toMatchObject({ ok: false, message: /1 to 16 characters/ });
  });

  it('refuses what no Riot ID holds or what would break the path', () => {
    for (const riotId of ['a/b#TAG', 'a\\b#TAG', '..#TAG', '.#TAG', 'a\u0000b#TAG', 'a\u200Eb#TAG', '#TAG']) {
      expect(checkRiotId(riotId).ok, riotId).toBe(false);
    }
    for (const riotId of ['Name#', 'Name#A/B', 'Name#A#B', 'Name#A_B', 'Name#AB\u0007']) {
      expect(checkRiotId(riotId).ok, riotId).toBe(false);
    }
    expect(checkRiotId('Name#TAG 12')).toMatchObject({ ok: false, message: /1 to 5 letters or digits/ });
  });

  it('keeps spec 1 §7 for legacy summoner names, where combining marks are not letters', () => {
    expect(checkName('Søren Ås'.normalize('NFD'), 'summoner name')).toEqual({ ok: true, value: 'Søren Ås' });
    expect(checkName('น้ำ', 'summoner name')).toMatchObject({
      ok: false,
      message: /Combining marks are not letters to this rule: look the player up by Riot ID/,
    });
  });

  it('finds where a match is served for each path version', () => {
    expect(locateMatch('KR_7', '', 'v5')).toMatchObject({ ok: true, value: { routing: 'asia' } });
    expect(locateMatch('KR_7', '', 'v4')).toMatchObject({ ok: true, value: { routing: 'kr' } });
    expect(locateMatch('7', 'kr', 'v4')).toMatchObject({
      ok: true,
      value: { id: { id: 'KR_7' }, routing: 'kr' },
    });
    expect(locateMatch('KR_7', 'europe', 'v5')).toMatchObject({ ok: false });
    expect(locateMatch('KR_7', 'asia', 'v4')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/take a platform, not the region asia/),
    });
  });

  it('encodes path parameters', () => {
    expect(fillPath(ENDPOINTS.accountByRiotId.path, { gameName: 'Søren Ås', tagLine: 'EUNE' })).toBe(
      '/riot/account/v1/accounts/by-riot-id/S%C3%B8ren%20%C3%85s/EUNE',
    );
  });
});

describe('host template', () => {
  it('is https, or plain http to a loopback stand-in only', () => {
    expect(checkHostTemplate('https://{routing}.api.riotgames.com/')).toEqual({
      ok: true,
      template: 'https://{routing}.api.riotgames.com',
    });
    expect(checkHostTemplate('http://127.0.0.1:47000/{routing}').ok).toBe(true);
    expect(checkHostTemplate('http://localhost:47000/{routing}').ok).toBe(true);
    expect(checkHostTemplate('http://{routing}.api.riotgames.com')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/HTTPS/),
    });
    expect(checkHostTemplate('http://10.0.0.2/{routing}').ok).toBe(false);
    expect(checkHostTemplate('https://example.com').ok).toBe(false);
    expect(checkHostTemplate('https://{routing}.example.com/?x=1').ok).toBe(false);
  });
});

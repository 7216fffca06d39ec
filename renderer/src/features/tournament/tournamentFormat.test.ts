import { describe, expect, it } from 'vitest';
import { LOBBY_EVENT_TYPES, type LobbyEventView } from '@shared/contract';
import {
  codeFormWarning,
  expiryLabel,
  fallbackLabel,
  formatAge,
  heldCallbacksLabel,
  lobbyStages,
  matchLink,
  parseAmount,
  parseIdList,
  parseLocalDateTime,
  parseWholeNumber,
  participantIdLabel,
  resultWatchLabel,
  settingsSummary,
  shortId,
} from './tournamentFormat';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 1, 12);

describe('formatAge', () => {
  it('words an age in the largest whole unit', () => {
    expect(formatAge(NOW - 20_000, NOW)).toBe('just now');
    expect(formatAge(NOW - 12 * 60_000, NOW)).toBe('12 min ago');
    expect(formatAge(NOW - 5 * 3_600_000, NOW)).toBe('5 h ago');
    expect(formatAge(NOW - DAY, NOW)).toBe('1 day ago');
    expect(formatAge(NOW - 40 * DAY - 5, NOW)).toBe('40 days ago');
  });

  it('treats a clock that went backwards as just now', () => {
    expect(formatAge(NOW + 5000, NOW)).toBe('just now');
  });
});

describe('expiryLabel', () => {
  // Created 30 November 2023 18:45 UTC: eligible on 29 February 2024 18:45 UTC (a leap year's month end),
  // which is already 1 March in Auckland (UTC+13).
  const code = { expiryEligibleAt: Date.UTC(2024, 1, 29, 18, 45), eligibleForExpiry: false };
  const now = Date.UTC(2024, 1, 27, 8);

  it("counts calendar days to the day the code is eligible, in the user's time zone", () => {
    expect(expiryLabel(code, now, { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'eligible for expiry in 2 days (29 Feb 2024)',
    );
    expect(expiryLabel(code, now, { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe(
      'eligible for expiry in 2 days (29 Feb 2024)',
    );
    // 27 February 21:00 in Auckland, eligible on 1 March there.
    expect(expiryLabel(code, now, { locale: 'en-GB', timeZone: 'Pacific/Auckland' })).toBe(
      'eligible for expiry in 3 days (1 Mar 2024)',
    );
  });

  it('says today on the day itself and since when once the code is eligible', () => {
    const sameDay = Date.UTC(2024, 1, 29, 1);
    expect(expiryLabel(code, sameDay, { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'eligible for expiry today (29 Feb 2024)',
    );
    expect(expiryLabel(code, sameDay, { locale: 'en-GB', timeZone: 'Pacific/Auckland' })).toBe(
      'eligible for expiry in 1 day (1 Mar 2024)',
    );
    const eligible = { ...code, eligibleForExpiry: true };
    expect(expiryLabel(eligible, Date.UTC(2024, 2, 2), { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'eligible for expiry since 29 Feb 2024',
    );
  });

  it('uses the system time zone when none is given', () => {
    const inSystemZone = expiryLabel(code, now, { locale: 'en-GB' });
    const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(inSystemZone).toBe(expiryLabel(code, now, { locale: 'en-GB', timeZone: systemZone }));
  });
});

describe('resultWatchLabel', () => {
  it('counts down to the next look at the code’s game list and says until when', () => {
    const watch = { nextCheckAt: NOW + 72_000, until: NOW + 3 * 3_600_000 };
    const label = resultWatchLabel(watch, NOW, 'v5', 'en-GB');
    expect(label).toContain('games/by-code is watched for its end (next look in 1:12, until ');
    // v4 has no games/by-code: its match IDs by code show the end.
    expect(resultWatchLabel(watch, NOW, 'v4', 'en-GB')).toContain('match IDs by code is watched for its end');
    expect(resultWatchLabel({ nextCheckAt: NOW - 5, until: NOW }, NOW, 'v5', 'en-GB')).toContain(
      'next look in 0:00',
    );
  });
});

describe('heldCallbacksLabel', () => {
  it('names the games held for confirmation', () => {
    expect(heldCallbacksLabel([5_500_000_001])).toBe(
      'Callback received (game 5500000001): held until games/by-code confirms it for this code.',
    );
    expect(heldCallbacksLabel([1, 2])).toContain('(games 1, 2)');
  });
});

describe('fallbackLabel', () => {
  it('counts down to the fetch by code', () => {
    expect(fallbackLabel(NOW + 4 * 60_000 + 12_000, NOW)).toContain('fetched by code in 4:12');
    expect(fallbackLabel(NOW + 500, NOW)).toContain('in 0:01');
  });

  it('says it is fetching once the time has come', () => {
    expect(fallbackLabel(NOW - 1, NOW)).toBe('No callback yet: fetching the result by code now.');
  });
});

describe('matchLink', () => {
  it("splits the core's match path into the page and its parameters, the tournament code with them", () => {
    expect(matchLink('/matches?match=NA1_5500000001&routing=americas&code=NA-CODE')).toEqual({
      path: '/matches',
      params: { player: '', match: 'NA1_5500000001', routing: 'americas', code: 'NA-CODE' },
    });
  });

  it('works without a routing value, and clears a code left from an earlier lookup', () => {
    expect(matchLink('/matches?match=PBE1_2')).toEqual({
      path: '/matches',
      params: { player: '', code: '', match: 'PBE1_2' },
    });
  });
});

describe('form parsing', () => {
  it('splits players on lines, commas and semicolons, without repeats, keeping the spaces of Riot IDs', () => {
    expect(parseIdList('a-1\n b-2, c-3;a-1  \n\n')).toEqual(['a-1', 'b-2', 'c-3']);
    expect(parseIdList('Quiet Lantern#EUW\nSleep tight#z z, 天 使#KR 1')).toEqual([
      'Quiet Lantern#EUW',
      'Sleep tight#z z',
      '天 使#KR 1',
    ]);
    expect(parseIdList('   ')).toEqual([]);
  });

  it('reads whole numbers and amounts, refusing anything else', () => {
    expect(parseWholeNumber(' 24 ')).toBe(24);
    expect(parseWholeNumber('2.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('-3')).toBeNull();
    expect(parseAmount('12,50')).toBe(12.5);
    expect(parseAmount('70')).toBe(70);
    expect(parseAmount('ten')).toBeNull();
  });

  it('reads a datetime-local value in local time', () => {
    expect(parseLocalDateTime('2025-06-08T18:30')).toBe(new Date(2025, 5, 8, 18, 30).getTime());
    expect(parseLocalDateTime('')).toBeNull();
    expect(parseLocalDateTime('tomorrow')).toBeNull();
  });
});

describe('codeFormWarning', () => {
  const tournament = {
    codeCount: 1,
    policy: {
      participants: 40,
      entryFee: 0,
      prizePoolShare: 100,
      betting: false,
      winCondition: 'Best of one',
    },
  };

  it('stays quiet while the codes fit the bracket', () => {
    // 40 players in teams of 5: 8 teams, 7 games; up to twice that is fine.
    expect(codeFormWarning(tournament, 13, 5)).toBeNull();
  });

  it('warns before creating far more codes than the bracket needs', () => {
    const warning = codeFormWarning(tournament, 14, 5);
    expect(warning).toContain('needs about 7 codes');
    expect(warning).toContain('1 exist');
  });
});

describe('labels', () => {
  it('summarises code settings', () => {
    expect(
      settingsSummary({
        mapType: 'HOWLING_ABYSS',
        pickType: 'ALL_RANDOM',
        spectatorType: 'NONE',
        teamSize: 5,
        allowedParticipants: [],
        enoughPlayers: false,
      }),
    ).toBe('Howling Abyss · All random · 5v5 · no spectators · anyone with the code');
    const allowed = (allowedParticipants: string[]) =>
      settingsSummary({
        mapType: 'SUMMONERS_RIFT',
        pickType: 'BLIND_PICK',
        spectatorType: 'ALL',
        teamSize: 1,
        allowedParticipants,
        enoughPlayers: false,
      });
    expect(allowed(['Quiet Lantern#EUW', '0123456789abcdefghijklmnopqrstuv'])).toBe(
      'Summoner’s Rift · Blind pick · 1v1 · anyone may spectate · allowed: Quiet Lantern#EUW, 01234567…stuv',
    );
    expect(allowed(['A#EUW', 'B#EUW', 'C#EUW', 'D#EUW', 'E#EUW'])).toContain(
      'allowed: A#EUW, B#EUW, C#EUW and 2 more',
    );
  });

  it('names participant IDs after the API version', () => {
    expect(participantIdLabel('v5')).toBe('Riot IDs (name#tag) or PUUIDs');
    expect(participantIdLabel('stub-v4')).toBe('Riot IDs (name#tag) or summoner IDs');
  });

  it('shortens long IDs only, never a Riot ID', () => {
    expect(shortId('short-id')).toBe('short-id');
    expect(shortId('Quiet Lantern Of The Night#EUW')).toBe('Quiet Lantern Of The Night#EUW');
    expect(shortId('0123456789abcdefghijklmnopqrstuv')).toBe('01234567…stuv');
  });
});

describe('lobbyStages', () => {
  it('lists every lobby event type of the spec in order with counts', () => {
    const event = (eventType: string): LobbyEventView => ({ timestamp: 1, eventType, label: '', player: '' });
    const stages = lobbyStages([
      event('PracticeGameCreatedEvent'),
      event('PlayerJoinedGameEvent'),
      event('PlayerJoinedGameEvent'),
      event('SomethingNewEvent'),
    ]);
    expect(stages.map((stage) => stage.eventType)).toEqual([...LOBBY_EVENT_TYPES]);
    expect(stages.find((stage) => stage.eventType === 'PlayerJoinedGameEvent')?.count).toBe(2);
    expect(stages.find((stage) => stage.eventType === 'GameAllocatedToLsmEvent')).toMatchObject({
      count: 0,
      label: 'game began',
    });
  });
});

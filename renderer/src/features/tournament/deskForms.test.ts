import { describe, expect, it } from 'vitest';
import type { TournamentProviderView } from '@shared/contract';
import {
  draftOf,
  readCodeForm,
  readCodeUpdate,
  readPolicyFields,
  usableProviders,
  type CodeFormFields,
} from './deskForms';

const POLICY = {
  participants: '24',
  entryFee: '0',
  share: '100',
  betting: false,
  firstMatch: '',
  winCondition: ' Best of one; the final is best of three. ',
};

describe('readPolicyFields', () => {
  it('reads the policy inputs as numbers', () => {
    expect(
      readPolicyFields({ ...POLICY, entryFee: '5,50', share: '80', firstMatch: '2025-06-08T18:30' }),
    ).toEqual({
      participants: 24,
      entryFee: 5.5,
      prizePoolShare: 80,
      betting: false,
      firstMatchAt: new Date(2025, 5, 8, 18, 30).getTime(),
      winCondition: 'Best of one; the final is best of three.',
    });
  });

  it('passes a refused policy on for the core to explain (the form does not judge it)', () => {
    expect(readPolicyFields({ ...POLICY, participants: '8', betting: true, winCondition: '' })).toMatchObject(
      {
        participants: 8,
        betting: true,
        winCondition: '',
      },
    );
  });

  it('says what to fix when a field is not a number', () => {
    expect(readPolicyFields({ ...POLICY, participants: '' })).toBe('Enter the number of participants.');
    expect(readPolicyFields({ ...POLICY, entryFee: 'free' })).toContain('entry fee');
    expect(readPolicyFields({ ...POLICY, share: '140' })).toContain('0–100');
    expect(readPolicyFields({ ...POLICY, firstMatch: 'soon' })).toContain('first match');
    expect(readPolicyFields({ ...POLICY, winCondition: 'x'.repeat(501) })).toBe(
      'The win condition is limited to 500 characters.',
    );
  });
});

const CODE_FIELDS: CodeFormFields = {
  count: '4',
  teamSize: '5',
  mapType: 'SUMMONERS_RIFT',
  pickType: 'TOURNAMENT_DRAFT',
  spectatorType: 'ALL',
  participants: 'puuid-a, puuid-b\npuuid-a',
  enoughPlayers: false,
  metadata: 'Quarter final',
  confirmSurplus: false,
};

describe('readCodeForm', () => {
  it('builds the create request', () => {
    expect(readCodeForm(1001, CODE_FIELDS)).toEqual({
      tournamentId: 1001,
      count: 4,
      teamSize: 5,
      mapType: 'SUMMONERS_RIFT',
      pickType: 'TOURNAMENT_DRAFT',
      spectatorType: 'ALL',
      allowedParticipants: ['puuid-a', 'puuid-b'],
      enoughPlayers: false,
      metadata: 'Quarter final',
      confirmSurplus: false,
    });
  });

  it('refuses counts outside 1–1000 and team sizes outside 1–5', () => {
    expect(readCodeForm(1, { ...CODE_FIELDS, count: '0' })).toBe('Create 1 to 1000 codes at a time.');
    expect(readCodeForm(1, { ...CODE_FIELDS, count: '1001' })).toBe('Create 1 to 1000 codes at a time.');
    expect(readCodeForm(1, { ...CODE_FIELDS, teamSize: '6' })).toBe('A team has 1 to 5 players.');
  });

  it('takes any number of allowed participants, Riot IDs with their spaces as typed', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `Player ${index}#EUW`).join('\n');
    const input = readCodeForm(1, { ...CODE_FIELDS, participants: eleven });
    expect(typeof input === 'string' ? input : input.allowedParticipants).toHaveLength(11);
    expect(readCodeForm(1, { ...CODE_FIELDS, participants: 'Quiet Lantern#EUW' })).toMatchObject({
      allowedParticipants: ['Quiet Lantern#EUW'],
    });
  });

  it('refuses the enough-players check without a list of players', () => {
    expect(readCodeForm(1, { ...CODE_FIELDS, participants: '', enoughPlayers: true })).toBe(
      'List the allowed participants to check they make full teams (or untick the check).',
    );
  });
});

describe('readCodeUpdate and draftOf', () => {
  it('round-trips a code’s settings through the edit form', () => {
    const draft = draftOf({
      mapType: 'HOWLING_ABYSS',
      pickType: 'ALL_RANDOM',
      spectatorType: 'NONE',
      allowedParticipants: ['a', 'b'],
    });
    expect(readCodeUpdate('NA123', draft)).toEqual({
      code: 'NA123',
      mapType: 'HOWLING_ABYSS',
      pickType: 'ALL_RANDOM',
      spectatorType: 'NONE',
      allowedParticipants: ['a', 'b'],
    });
  });
});

describe('usableProviders', () => {
  const provider = (providerId: number, patch: Partial<TournamentProviderView>): TournamentProviderView => ({
    providerId,
    region: 'NA',
    callbackUrl: 'http://results.example.com/tournament/callback',
    api: 'v5',
    createdAt: 0,
    keyMatches: true,
    ...patch,
  });

  it('keeps providers of the current key on the current paths', () => {
    const providers = [
      provider(1, {}),
      provider(2, { keyMatches: false }),
      provider(3, { api: 'stub-v5' }),
      provider(4, {}),
    ];
    expect(usableProviders({ api: 'v5', providers }).map((item) => item.providerId)).toEqual([1, 4]);
  });
});

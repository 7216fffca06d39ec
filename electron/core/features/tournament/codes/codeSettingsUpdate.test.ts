import { describe, expect, it } from 'vitest';
import type { TournamentCodeSettings } from '@shared/contract';
import { currentCodeSettings, mergeCodeUpdate } from './codeSettingsUpdate';

const STORED: TournamentCodeSettings = {
  mapType: 'HOWLING_ABYSS',
  pickType: 'ALL_RANDOM',
  spectatorType: 'ALL',
  teamSize: 1,
  allowedParticipants: ['p1', 'p2'],
  riotIds: { p1: 'Quiet Lantern#EUW' },
  enoughPlayers: false,
};

describe('a code update merged with the code’s current settings', () => {
  it('changes only the named field and keeps map, pick and players (the stored copy when the API cannot describe it)', () => {
    const current = currentCodeSettings(STORED, null);
    expect(mergeCodeUpdate(current, { spectatorType: 'LOBBYONLY' }, null)).toEqual({
      mapType: 'HOWLING_ABYSS',
      pickType: 'ALL_RANDOM',
      spectatorType: 'LOBBYONLY',
      allowedParticipants: ['p1', 'p2'],
      riotIds: { p1: 'Quiet Lantern#EUW' },
    });
  });

  it('prefers what the API says of the code over the stored copy, field by field', () => {
    const current = currentCodeSettings(STORED, {
      map: 'SUMMONERS_RIFT',
      pickType: 'BLIND_PICK',
      // Absent from the stub's DTO: the stored value stands.
      spectators: '',
      participants: ['p1', 'p3'],
    });
    expect(mergeCodeUpdate(current, { mapType: 'HOWLING_ABYSS' }, null)).toEqual({
      mapType: 'HOWLING_ABYSS',
      pickType: 'BLIND_PICK',
      spectatorType: 'ALL',
      allowedParticipants: ['p1', 'p3'],
      riotIds: { p1: 'Quiet Lantern#EUW' },
    });
  });

  it('replaces the players only when named, and an empty list named on purpose clears them', () => {
    const current = currentCodeSettings(STORED, null);
    expect(mergeCodeUpdate(current, {}, { ids: [], riotIds: {} })).toMatchObject({
      mapType: 'HOWLING_ABYSS',
      allowedParticipants: [],
      riotIds: {},
    });
  });
});

import {
  MAX_CODES_PER_CALL,
  MAX_WIN_CONDITION_LENGTH,
  type MapType,
  type PickType,
  type RequestInput,
  type SpectatorType,
  type TournamentProviderView,
  type TournamentState,
} from '@shared/contract';
import { parseAmount, parseIdList, parseLocalDateTime, parseWholeNumber } from './tournamentFormat';

/** The desk's forms read as requests, or as the first thing to fix: nothing malformed is sent. */

export type PolicyCheckInput = RequestInput<'tournament.policy.check'>;
export type CodesCreateInput = RequestInput<'tournament.codes.create'>;
export type CodeUpdateInput = RequestInput<'tournament.code.update'>;

/** The settings a code is created with and that PUT can change later, as the form holds them. */
export interface CodeSettingsDraft {
  mapType: MapType;
  pickType: PickType;
  spectatorType: SpectatorType;
  /** Allowed participants as typed (one per line or comma separated). */
  participants: string;
}

/** A code's settings as the edit form starts from them. */
export function draftOf(settings: {
  mapType: MapType;
  pickType: PickType;
  spectatorType: SpectatorType;
  allowedParticipants: string[];
}): CodeSettingsDraft {
  return {
    mapType: settings.mapType,
    pickType: settings.pickType,
    spectatorType: settings.spectatorType,
    participants: settings.allowedParticipants.join('\n'),
  };
}

/** Providers a tournament can be created under: registered with the current key, on the current paths. */
export function usableProviders(desk: Pick<TournamentState, 'providers' | 'api'>): TournamentProviderView[] {
  return desk.providers.filter((provider) => provider.keyMatches && provider.api === desk.api);
}

export interface PolicyFields {
  participants: string;
  entryFee: string;
  share: string;
  betting: boolean;
  /** A datetime-local value, '' when not given. */
  firstMatch: string;
  /** Required: the policy refuses a tournament without one, in words. */
  winCondition: string;
}

export function readPolicyFields(fields: PolicyFields): PolicyCheckInput | string {
  const participants = parseWholeNumber(fields.participants);
  if (participants === null) return 'Enter the number of participants.';
  const entryFee = parseAmount(fields.entryFee);
  if (entryFee === null) return 'Enter the entry fee (0 for a free tournament).';
  const prizePoolShare = parseAmount(fields.share);
  if (prizePoolShare === null || prizePoolShare > 100)
    return 'Enter the percent of fees that goes to the prize pool (0–100).';
  let firstMatchAt: number | null = null;
  if (fields.firstMatch !== '') {
    firstMatchAt = parseLocalDateTime(fields.firstMatch);
    if (firstMatchAt === null) return 'Enter the first match as a date and time, or leave it empty.';
  }
  if (fields.winCondition.length > MAX_WIN_CONDITION_LENGTH)
    return `The win condition is limited to ${MAX_WIN_CONDITION_LENGTH} characters.`;
  return {
    participants,
    entryFee,
    prizePoolShare,
    betting: fields.betting,
    firstMatchAt,
    winCondition: fields.winCondition.trim(),
  };
}

/** The players as typed; the desk checks each is a Riot ID or an ID of the API in use, and looks Riot IDs up. */
function readParticipants(text: string): string[] | string {
  const ids = parseIdList(text);
  if (ids.some((id) => id.length > 100)) return 'A participant is longer than 100 characters.';
  return ids;
}

export interface CodeFormFields extends CodeSettingsDraft {
  count: string;
  teamSize: string;
  enoughPlayers: boolean;
  metadata: string;
  confirmSurplus: boolean;
}

export function readCodeForm(tournamentId: number, fields: CodeFormFields): CodesCreateInput | string {
  const count = parseWholeNumber(fields.count);
  if (count === null || count < 1 || count > MAX_CODES_PER_CALL)
    return `Create 1 to ${MAX_CODES_PER_CALL} codes at a time.`;
  const teamSize = parseWholeNumber(fields.teamSize);
  if (teamSize === null || teamSize < 1 || teamSize > 5) return 'A team has 1 to 5 players.';
  const allowedParticipants = readParticipants(fields.participants);
  if (typeof allowedParticipants === 'string') return allowedParticipants;
  if (fields.enoughPlayers && allowedParticipants.length === 0)
    return 'List the allowed participants to check they make full teams (or untick the check).';
  if (fields.metadata.length > 500) return 'The metadata is limited to 500 characters.';
  return {
    tournamentId,
    count,
    teamSize,
    mapType: fields.mapType,
    pickType: fields.pickType,
    spectatorType: fields.spectatorType,
    allowedParticipants,
    enoughPlayers: fields.enoughPlayers,
    metadata: fields.metadata,
    confirmSurplus: fields.confirmSurplus,
  };
}

export function readCodeUpdate(code: string, draft: CodeSettingsDraft): CodeUpdateInput | string {
  const allowedParticipants = readParticipants(draft.participants);
  if (typeof allowedParticipants === 'string') return allowedParticipants;
  return {
    code,
    mapType: draft.mapType,
    pickType: draft.pickType,
    spectatorType: draft.spectatorType,
    allowedParticipants,
  };
}

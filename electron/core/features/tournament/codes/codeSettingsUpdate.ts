import {
  MAP_TYPES,
  PICK_TYPES,
  SPECTATOR_TYPES,
  type TournamentCodeDetailsView,
  type TournamentCodeSettings,
} from '@shared/contract';
import type { CodeSettingsUpdate } from '../api/tournamentApi';
import type { ResolvedPlayers } from './allowedPlayers';
import { shownParticipants } from './allowedPlayers';

/** What PUT codes/{code} carries, with the Riot IDs of its participants kept beside them. */
export type CodeSettingsChange = CodeSettingsUpdate & Pick<TournamentCodeSettings, 'riotIds'>;

/** The fields an update names; absent ones keep the code's current value. */
export type NamedCodeSettings = Partial<Omit<CodeSettingsUpdate, 'allowedParticipants'>>;

const oneOf = <T extends string>(values: readonly T[], raw: string | undefined): T | undefined =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/**
 * A code's settings as they are now: what the API describes (someone may have changed the code elsewhere)
 * over what the desk stored, field by field; the stored copy alone when the API cannot describe the code.
 */
export function currentCodeSettings(
  stored: TournamentCodeSettings,
  described: Pick<TournamentCodeDetailsView, 'map' | 'pickType' | 'spectators' | 'participants'> | null,
): CodeSettingsChange {
  const participants = described?.participants ?? stored.allowedParticipants;
  return {
    mapType: oneOf(MAP_TYPES, described?.map) ?? stored.mapType,
    pickType: oneOf(PICK_TYPES, described?.pickType) ?? stored.pickType,
    spectatorType: oneOf(SPECTATOR_TYPES, described?.spectators) ?? stored.spectatorType,
    allowedParticipants: participants,
    riotIds: riotIdsOf(participants, stored.riotIds ?? {}),
  };
}

/**
 * The settings a PUT sends: the current ones with only what the user named changed. Participants change only
 * when named (`players`, already resolved); an empty list named on purpose clears them.
 */
export function mergeCodeUpdate(
  current: CodeSettingsChange,
  named: NamedCodeSettings,
  players: ResolvedPlayers | null,
): CodeSettingsChange {
  return {
    mapType: named.mapType ?? current.mapType,
    pickType: named.pickType ?? current.pickType,
    spectatorType: named.spectatorType ?? current.spectatorType,
    allowedParticipants: players ? players.ids : current.allowedParticipants,
    riotIds: players ? players.riotIds : current.riotIds,
  };
}

/** The API's participant IDs as people read them, through the Riot IDs the desk resolved. */
export function shownDetailsParticipants(ids: string[], stored: TournamentCodeSettings | null): string[] {
  return shownParticipants({ allowedParticipants: ids, riotIds: stored?.riotIds });
}

function riotIdsOf(ids: readonly string[], known: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ids.flatMap((id) => (known[id] === undefined ? [] : [[id, known[id]]])));
}

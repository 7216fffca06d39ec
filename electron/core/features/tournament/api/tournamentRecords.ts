import { z } from 'zod';
import { int, list, num, str } from '../../../platform/parsing/omission';

/** Tournament API answers, read with the omission rule (spec 1 §2.5); unknown fields are ignored. */

export const providerIdSchema = z.number().int().positive();
export const tournamentIdSchema = z.number().int().positive();
export const codeListSchema = z.array(z.string().min(1)).min(1);

export const codeDetailsSchema = z.object({
  id: int(),
  providerId: int(),
  tournamentId: int(),
  code: str(),
  region: str(),
  map: str(),
  teamSize: int(),
  spectators: str(),
  pickType: str(),
  lobbyName: str(),
  password: str(),
  metaData: str(),
  participants: list(z.string()),
});

export const lobbyEventsSchema = z.object({
  eventList: list(
    z.object({
      /** Epoch ms as digits in a string (spec 1 §2.4). */
      timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number),
      eventType: str(),
      /** v5. */
      puuid: str(),
      /** v4. */
      summonerId: str(),
    }),
  ),
});
export type LobbyEventsRecord = z.output<typeof lobbyEventsSchema>;

/** The callback body (spec 1 §2.3): both forms, with and without winningTeam/losingTeam. */
const teamMember = z.object({
  summonerId: z.union([z.number(), z.string()]).optional(),
  summonerName: str(),
  puuid: str(),
});
export const callbackSchema = z.object({
  startTime: num(),
  shortCode: z.string().min(1).max(200),
  metaData: str(),
  gameId: z.number().int().positive(),
  gameName: str(),
  gameType: str(),
  gameMap: int(),
  gameMode: str(),
  region: str(),
  winningTeam: list(teamMember),
  losingTeam: list(teamMember),
});
export type CallbackRecord = z.output<typeof callbackSchema>;

/** How a team member is shown: the name when given, else the PUUID, else the summoner ID. */
export function memberId(member: z.output<typeof teamMember>): string {
  if (member.summonerName) return member.summonerName;
  if (member.puuid) return member.puuid;
  return member.summonerId === undefined ? '' : String(member.summonerId);
}

import { z } from 'zod';
import { bool, int, list, num, str } from '../../../platform/parsing/omission';

/**
 * The web API's records, read with the omission rule (spec 1 §2.5): an absent number is 0, an absent
 * list is empty, an absent string is empty. Unknown fields are ignored; a present field of the wrong
 * type is an error, so bad data is seen rather than shown as zeros.
 */

export const accountSchema = z.object({ puuid: str(), gameName: str(), tagLine: str() });

/** account-v1's AccountRegionDTO; `region` is a platform ID. */
export const accountPlatformSchema = z.object({ puuid: str(), game: str(), region: str() });

export const summonerSchema = z.object({
  id: str(),
  accountId: str(),
  puuid: str(),
  name: str(),
  profileIconId: int(),
  revisionDate: num(),
  summonerLevel: int(),
});

/** league-v4: one entry per ranked queue the player is placed in; an unranked player gets []. */
export const leagueEntriesSchema = list(
  z.object({
    leagueId: str(),
    queueType: str(),
    tier: str(),
    rank: str(),
    leaguePoints: int(),
    wins: int(),
    losses: int(),
    hotStreak: bool(),
    veteran: bool(),
    freshBlood: bool(),
    inactive: bool(),
  }),
);
export type LeagueEntries = z.output<typeof leagueEntriesSchema>;

/** item0 … item5 and the trinket, item6, as both record versions name them. */
const itemSlots = {
  item0: int(),
  item1: int(),
  item2: int(),
  item3: int(),
  item4: int(),
  item5: int(),
  item6: int(),
};

const objective = z.object({ first: bool(), kills: int() }).prefault({});

/** match-v5 runes: the primary style ("primaryStyle") with the keystone first, then the "subStyle". */
const perksV5 = z
  .object({
    styles: list(z.object({ description: str(), style: int(), selections: list(z.object({ perk: int() })) })),
  })
  .prefault({});

const participantV5 = z.object({
  puuid: str(),
  riotIdGameName: str(),
  riotIdTagline: str(),
  summonerName: str(),
  championId: int(),
  championName: str(),
  champLevel: int(),
  teamId: int(),
  win: bool(),
  kills: int(),
  deaths: int(),
  assists: int(),
  totalMinionsKilled: int(),
  neutralMinionsKilled: int(),
  totalDamageDealtToChampions: int(),
  goldEarned: int(),
  visionScore: int(),
  ...itemSlots,
  summoner1Id: int(),
  summoner2Id: int(),
  perks: perksV5,
  teamPosition: str(),
  /** Arena (gameMode CHERRY): the player's team, 1-8, and where it finished; 0 (absent) in other modes. */
  playerSubteamId: int(),
  subteamPlacement: int(),
  placement: int(),
});

const teamV5 = z.object({
  teamId: int(),
  win: bool(),
  objectives: z
    .object({
      baron: objective,
      champion: objective,
      dragon: objective,
      horde: objective,
      inhibitor: objective,
      riftHerald: objective,
      tower: objective,
    })
    .prefault({}),
});

export const matchV5Schema = z.object({
  metadata: z.object({ matchId: str(), participants: list(z.string()) }).prefault({}),
  info: z
    .object({
      /** GameComplete, or why the game stopped (Abort_Unexpected…); absent on older records. */
      endOfGameResult: str(),
      gameCreation: num(),
      gameDuration: num(),
      gameEndTimestamp: num(),
      gameStartTimestamp: num(),
      gameId: num(),
      gameMode: str(),
      gameType: str(),
      gameVersion: str(),
      mapId: int(),
      platformId: str(),
      queueId: int(),
      tournamentCode: str(),
      participants: list(participantV5),
      teams: list(teamV5),
    })
    .prefault({}),
});
export type MatchV5 = z.output<typeof matchV5Schema>;

const statsV4 = z
  .object({
    win: bool(),
    champLevel: int(),
    kills: int(),
    deaths: int(),
    assists: int(),
    ...itemSlots,
    totalMinionsKilled: int(),
    neutralMinionsKilled: int(),
    totalDamageDealtToChampions: int(),
    goldEarned: int(),
    visionScore: int(),
    /** The keystone, and the secondary tree. */
    perk0: int(),
    perkSubStyle: int(),
  })
  .prefault({});

export const matchV4Schema = z.object({
  gameId: num(),
  platformId: str(),
  gameCreation: num(),
  /** Seconds. */
  gameDuration: num(),
  queueId: int(),
  mapId: int(),
  gameVersion: str(),
  gameMode: str(),
  gameType: str(),
  teams: list(
    z.object({
      teamId: int(),
      /** "Win" or "Fail". */
      win: str(),
      towerKills: int(),
      inhibitorKills: int(),
      baronKills: int(),
      dragonKills: int(),
      riftHeraldKills: int(),
    }),
  ),
  participants: list(
    z.object({
      participantId: int(),
      teamId: int(),
      championId: int(),
      spell1Id: int(),
      spell2Id: int(),
      stats: statsV4,
      /** The spec's name (spec 2 §2.3), and the name today's match-v4 records used for it. */
      highestTierAchieved: str(),
      highestAchievedSeasonTier: str(),
      timeline: z.object({ lane: str(), role: str() }).prefault({}),
    }),
  ),
  /** For non-ranked games the standard endpoint leaves out `player`: the game hid who played. */
  participantIdentities: list(
    z.object({
      participantId: int(),
      player: z.object({ summonerName: str(), summonerId: str(), accountId: str(), puuid: str() }).optional(),
    }),
  ),
});
export type MatchV4 = z.output<typeof matchV4Schema>;

export const matchIdsV5Schema = list(z.string());
export const gameIdsV4Schema = list(z.number().int());

export const matchlistV4Schema = z.object({
  matches: list(
    z.object({ gameId: num(), platformId: str(), queue: int(), champion: int(), timestamp: num() }),
  ),
  totalGames: int(),
});

/** What games/by-code returns for a tournament code (reference §1.2). */
export const tournamentGamesV5Schema = list(
  z.object({
    startTime: num(),
    shortCode: str(),
    metaData: str(),
    gameId: num(),
    gameName: str(),
    gameType: str(),
    gameMode: str(),
    gameMap: int(),
    /** A platform ID in upper case (NA1). */
    region: str(),
    winningTeam: list(z.object({ puuid: str() })),
    losingTeam: list(z.object({ puuid: str() })),
  }),
);

/** The status API sends null where a value does not apply (an incident's maintenance_status). */
const nullableStr = () =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? '');
const localized = list(z.object({ locale: str(), content: str() }));
const platformNotice = z.object({
  maintenance_status: nullableStr(),
  incident_severity: nullableStr(),
  titles: localized,
  updates: list(z.object({ translations: localized, updated_at: nullableStr() })),
});

/** lol-status-v4 PlatformDataDto: the platform, and its maintenances and incidents. */
export const platformDataSchema = z.object({
  id: str(),
  name: str(),
  maintenances: list(platformNotice),
  incidents: list(platformNotice),
});
export type PlatformData = z.output<typeof platformDataSchema>;

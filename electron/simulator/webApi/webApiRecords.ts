import type { SimLeagueEntry, SimMatch, SimPlayer, SimTournamentCode } from './webApiDataset';

/** The simulated world as the web API's JSON records. */

/**
 * Spec 1 §2.5: responses carry only non-empty values. Zero, '', [] and null are left out, at any depth
 * (false stays: it is not listed as empty).
 */
export function omitEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitEmpty);
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const cleaned = omitEmpty(field);
    if (cleaned === 0 || cleaned === '' || cleaned === null || cleaned === undefined) continue;
    if (Array.isArray(cleaned) && cleaned.length === 0) continue;
    kept[key] = cleaned;
  }
  return kept;
}

export const accountRecord = (player: SimPlayer) => ({
  puuid: player.puuid,
  gameName: player.gameName,
  tagLine: player.tagLine,
});

/** account-v1's region by game: `region` is the platform ID, in lower case (euw1). */
export const accountRegionRecord = (player: SimPlayer, game: string) => ({
  puuid: player.puuid,
  game,
  region: player.platform,
});

export const summonerRecord = (player: SimPlayer) => ({
  id: player.summonerId,
  accountId: player.accountId,
  puuid: player.puuid,
  name: player.summonerName,
  profileIconId: player.profileIconId,
  revisionDate: 1_757_300_000_000,
  summonerLevel: player.summonerLevel,
});

/** league-v4's entries: each names its player, by summoner ID and PUUID. */
export const leagueEntriesRecord = (player: SimPlayer, entries: SimLeagueEntry[]) =>
  entries.map((entry) => ({
    leagueId: entry.leagueId,
    queueType: entry.queueType,
    tier: entry.tier,
    rank: entry.rank,
    summonerId: player.summonerId,
    puuid: player.puuid,
    leaguePoints: entry.leaguePoints,
    wins: entry.wins,
    losses: entry.losses,
    veteran: entry.veteran,
    inactive: entry.inactive,
    freshBlood: entry.freshBlood,
    hotStreak: entry.hotStreak,
  }));

/** item0 … item6, as both record versions name the slots. */
const itemSlots = (items: number[]) => Object.fromEntries(items.map((item, slot) => [`item${slot}`, item]));

const matchIdOf = (match: SimMatch) => `${match.platform.toUpperCase()}_${match.gameId}`;

function teamObjectives(match: SimMatch, teamId: 100 | 200) {
  const won = match.winningTeam === teamId;
  const kills = match.participants
    .filter((player) => player.teamId === teamId)
    .reduce((sum, player) => sum + player.kills, 0);
  const seed = match.gameId % 97;
  const rift = match.mapId === 11;
  const epic = (kills: number) => (rift ? kills : 0);
  return {
    baron: {
      first: rift && won && seed % 2 === 0,
      kills: epic(won ? 1 + (seed % 2) : seed % 3 === 0 ? 1 : 0),
    },
    champion: { first: won === (seed % 3 !== 0), kills },
    dragon: { first: rift && won, kills: epic(won ? 3 + (seed % 2) : 1 + (seed % 2)) },
    horde: { first: rift && !won, kills: epic(won ? 2 + (seed % 3) : 6 - (2 + (seed % 3))) },
    inhibitor: { first: won, kills: won ? 1 + (seed % 3) : 0 },
    riftHerald: { first: rift && won, kills: epic(won ? 1 : 0) },
    tower: { first: won === (seed % 4 !== 0), kills: won ? 8 + (seed % 4) : 2 + (seed % 4) },
  };
}

export function matchV5Record(match: SimMatch) {
  const aram = match.mapId === 12;
  const arena = match.gameMode === 'CHERRY';
  return {
    metadata: {
      dataVersion: '2',
      matchId: matchIdOf(match),
      participants: match.participants.map((player) => player.player.puuid),
    },
    info: {
      endOfGameResult: match.endOfGameResult,
      gameCreation: match.startedAt - 95_000,
      gameDuration: match.durationSeconds,
      gameEndTimestamp: match.startedAt + match.durationSeconds * 1000,
      gameId: match.gameId,
      gameMode: match.gameMode,
      gameName: match.tournamentCode ? match.tournamentCode : `teambuilder-match-${match.gameId}`,
      gameStartTimestamp: match.startedAt,
      gameType: match.gameType,
      gameVersion: '15.17.702.6397',
      mapId: match.mapId,
      platformId: match.platform.toUpperCase(),
      queueId: match.queueId,
      tournamentCode: match.tournamentCode,
      participants: match.participants.map((player) => ({
        assists: player.assists,
        champLevel: player.champLevel,
        championId: player.championId,
        championName: player.championName,
        deaths: player.deaths,
        goldEarned: player.gold,
        goldSpent: Math.floor(player.gold * 0.93),
        individualPosition: aram || arena ? 'Invalid' : player.position,
        ...itemSlots(player.items),
        kills: player.kills,
        neutralMinionsKilled: player.monsters,
        participantId: player.participantId,
        profileIcon: player.player.profileIconId,
        puuid: player.player.puuid,
        riotIdGameName: player.player.gameName,
        riotIdTagline: player.player.tagLine,
        summoner1Id: player.spells[0],
        summoner2Id: player.spells[1],
        perks: {
          statPerks: { defense: 5011, flex: 5008, offense: 5008 },
          styles: [
            {
              description: 'primaryStyle',
              selections: [player.runes.keystone, ...player.runes.primaryRunes].map((perk) => ({
                perk,
                var1: 0,
                var2: 0,
                var3: 0,
              })),
              style: player.runes.primaryTree,
            },
            {
              description: 'subStyle',
              selections: player.runes.secondaryRunes.map((perk) => ({ perk, var1: 0, var2: 0, var3: 0 })),
              style: player.runes.secondaryTree,
            },
          ],
        },
        summonerId: player.player.summonerId,
        summonerLevel: player.player.summonerLevel,
        summonerName: '',
        teamId: player.teamId,
        teamPosition: aram || arena ? '' : player.position,
        totalDamageDealtToChampions: player.damage,
        totalMinionsKilled: player.minions,
        visionScore: player.vision,
        wardsPlaced: player.wardsPlaced,
        win: arena ? player.placement <= 4 : player.teamId === match.winningTeam,
        ...(arena
          ? {
              playerSubteamId: player.subteamId,
              subteamPlacement: player.placement,
              placement: player.placement,
            }
          : {}),
      })),
      teams: arena
        ? // As real Arena records list them: 100 and 0, with no objectives, whatever the players' teamIds.
          [100, 0].map((teamId) => ({ bans: [], objectives: {}, teamId, win: teamId === 100 }))
        : ([100, 200] as const).map((teamId) => ({
            bans: [],
            objectives: teamObjectives(match, teamId),
            teamId,
            win: teamId === match.winningTeam,
          })),
    },
  };
}

/**
 * The spec's match-v4 record. The standard endpoint anonymises non-ranked games: their
 * participantIdentities carry only the participant ID.
 */
export function matchV4Record(match: SimMatch, anonymise: boolean) {
  return {
    gameId: match.gameId,
    platformId: match.platform.toUpperCase(),
    gameCreation: match.startedAt,
    gameDuration: match.durationSeconds,
    queueId: match.queueId,
    mapId: match.mapId,
    seasonId: 13,
    gameVersion: '15.17.702.6397',
    gameMode: match.gameMode,
    gameType: match.gameType,
    teams: ([100, 200] as const).map((teamId) => {
      const objectives = teamObjectives(match, teamId);
      return {
        teamId,
        win: teamId === match.winningTeam ? 'Win' : 'Fail',
        firstBlood: objectives.champion.first,
        firstTower: objectives.tower.first,
        towerKills: objectives.tower.kills,
        inhibitorKills: objectives.inhibitor.kills,
        baronKills: objectives.baron.kills,
        dragonKills: objectives.dragon.kills,
        riftHeraldKills: objectives.riftHerald.kills,
        bans: [],
      };
    }),
    participants: match.participants.map((player) => ({
      participantId: player.participantId,
      teamId: player.teamId,
      championId: player.championId,
      spell1Id: player.spells[0],
      spell2Id: player.spells[1],
      highestTierAchieved: player.highestTierAchieved,
      stats: {
        participantId: player.participantId,
        win: player.teamId === match.winningTeam,
        champLevel: player.champLevel,
        kills: player.kills,
        deaths: player.deaths,
        assists: player.assists,
        ...itemSlots(player.items),
        totalMinionsKilled: player.minions,
        neutralMinionsKilled: player.monsters,
        totalDamageDealtToChampions: player.damage,
        goldEarned: player.gold,
        visionScore: player.vision,
        perk0: player.runes.keystone,
        perkPrimaryStyle: player.runes.primaryTree,
        perkSubStyle: player.runes.secondaryTree,
      },
      timeline: {
        lane: match.mapId === 12 ? 'NONE' : player.position === 'UTILITY' ? 'BOTTOM' : player.position,
      },
    })),
    participantIdentities: match.participants.map((player) =>
      anonymise
        ? { participantId: player.participantId }
        : {
            participantId: player.participantId,
            player: {
              platformId: match.platform.toUpperCase(),
              accountId: player.player.accountId,
              currentAccountId: player.player.accountId,
              summonerName: player.player.summonerName,
              summonerId: player.player.summonerId,
              puuid: player.player.puuid,
              profileIcon: player.player.profileIconId,
            },
          },
    ),
  };
}

export function tournamentGameRecord(code: SimTournamentCode, match: SimMatch) {
  const team = (won: boolean) =>
    match.participants
      .filter((player) => (player.teamId === match.winningTeam) === won)
      .map((player) => ({ puuid: player.player.puuid }));
  return {
    startTime: match.startedAt,
    winningTeam: team(true),
    losingTeam: team(false),
    shortCode: code.code,
    metaData: code.metaData,
    gameId: match.gameId,
    gameName: `${code.code.slice(0, 8)}-game`,
    gameType: 'Practice',
    gameMap: match.mapId,
    gameMode: match.gameMode,
    region: code.platform.toUpperCase(),
  };
}

export function matchlistV4Record(
  player: SimPlayer,
  gameIds: number[],
  match: (id: number) => SimMatch | null,
) {
  return {
    matches: gameIds.flatMap((gameId) => {
      const found = match(gameId);
      if (!found) return [];
      const self = found.participants.find((entry) => entry.player.puuid === player.puuid);
      return [
        {
          platformId: player.platform.toUpperCase(),
          gameId,
          champion: self?.championId ?? 0,
          queue: found.queueId,
          season: 13,
          timestamp: found.startedAt,
          role: 'SOLO',
          lane: self?.position ?? 'NONE',
        },
      ];
    }),
    startIndex: 0,
    endIndex: gameIds.length,
    totalGames: gameIds.length,
  };
}

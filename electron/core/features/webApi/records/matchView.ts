import type { MatchParticipantView, MatchSubteamView, MatchTeamView, MatchView } from '@shared/contract';
import { labelMap, labelQueue, RANKED_QUEUES, type MatchLabels } from './matchLabels';
import type { MatchV4, MatchV5 } from './recordSchemas';

/** One shape for the match page, whichever endpoint version answered. */

const side = (teamId: number): MatchTeamView['side'] => (teamId === 200 ? 'red' : 'blue');

function teamTotals(participants: MatchParticipantView[]) {
  return {
    kills: participants.reduce((sum, player) => sum + player.kills, 0),
    gold: participants.reduce((sum, player) => sum + player.gold, 0),
  };
}

type V5Participant = MatchV5['info']['participants'][number];

/** The keystone is the primary style's first pick; the styles are named, and in that order when not. */
function runesFromV5(perks: V5Participant['perks']): MatchParticipantView['runes'] {
  const primary = perks.styles.find((style) => style.description === 'primaryStyle') ?? perks.styles[0];
  const secondary = perks.styles.find((style) => style.description === 'subStyle') ?? perks.styles[1];
  return { keystone: primary?.selections[0]?.perk ?? 0, secondaryTree: secondary?.style ?? 0 };
}

/**
 * Arena's teams are the players' `playerSubteamId`, not `teamId` (which holds 100 or 200 whatever the
 * subteam, while the record's teams list may name 0): one team per subteam, first place first, each
 * player in record order. A subteam's placement is `subteamPlacement`, else the players' `placement`.
 */
function subteamsFromV5(players: V5Participant[]): MatchSubteamView[] {
  const bySubteam = new Map<number, V5Participant[]>();
  for (const player of players) {
    bySubteam.set(player.playerSubteamId, [...(bySubteam.get(player.playerSubteamId) ?? []), player]);
  }
  const subteams = [...bySubteam].map(([subteamId, members]): MatchSubteamView => {
    const shown = members.map(participantFromV5);
    return {
      subteamId,
      placement: Math.max(0, ...members.map((player) => player.subteamPlacement || player.placement)),
      ...teamTotals(shown),
      participants: shown,
    };
  });
  // Unplaced (0) teams last, then by subteam ID so the order never depends on the record's.
  const rank = (team: MatchSubteamView) => (team.placement > 0 ? team.placement : Number.MAX_SAFE_INTEGER);
  return subteams.sort((a, b) => rank(a) - rank(b) || a.subteamId - b.subteamId);
}

function participantFromV5(player: V5Participant): MatchParticipantView {
  return {
    riotId: player.riotIdGameName
      ? `${player.riotIdGameName}#${player.riotIdTagline}`
      : player.summonerName || null,
    puuid: player.puuid,
    championId: player.championId,
    championName: player.championName,
    champLevel: player.champLevel,
    spells: [player.summoner1Id, player.summoner2Id],
    runes: runesFromV5(player.perks),
    items: [player.item0, player.item1, player.item2, player.item3, player.item4, player.item5, player.item6],
    kills: player.kills,
    deaths: player.deaths,
    assists: player.assists,
    cs: player.totalMinionsKilled + player.neutralMinionsKilled,
    damageToChampions: player.totalDamageDealtToChampions,
    gold: player.goldEarned,
    visionScore: player.visionScore,
    position: player.teamPosition,
    highestTierAchieved: '',
  };
}

export function matchViewFromV5(match: MatchV5, labels: MatchLabels | null): MatchView {
  const { info } = match;
  const arena = info.participants.some((player) => player.playerSubteamId > 0);
  const participants = info.participants.map((player) => ({
    teamId: player.teamId,
    ...participantFromV5(player),
  }));
  const teams = (arena ? [] : info.teams).map((team): MatchTeamView => {
    const members = participants.filter((player) => player.teamId === team.teamId).map(withoutTeam);
    const { objectives } = team;
    return {
      teamId: team.teamId,
      side: side(team.teamId),
      win: team.win,
      ...teamTotals(members),
      objectives: {
        towers: objectives.tower.kills,
        inhibitors: objectives.inhibitor.kills,
        dragons: objectives.dragon.kills,
        barons: objectives.baron.kills,
        heralds: objectives.riftHerald.kills,
        voidGrubs: objectives.horde.kills,
      },
      participants: members,
    };
  });
  return {
    matchId: match.metadata.matchId || `${info.platformId}_${info.gameId}`,
    platform: info.platformId,
    queueId: info.queueId,
    queueLabel: labelQueue(labels, info.queueId, info.gameMode),
    mapId: info.mapId,
    mapLabel: labelMap(labels, info.mapId),
    gameMode: info.gameMode,
    // Before patch 11.20 gameDuration was in milliseconds; those records have no gameEndTimestamp.
    durationSeconds: Math.round(info.gameEndTimestamp ? info.gameDuration : info.gameDuration / 1000),
    startedAt: info.gameStartTimestamp || info.gameCreation || null,
    gameVersion: info.gameVersion,
    tournamentCode: info.tournamentCode,
    apiVersion: 'v5',
    source: 'standard',
    anonymised: participants.some((player) => player.riotId === null),
    aborted: info.endOfGameResult !== '' && info.endOfGameResult !== 'GameComplete',
    teams,
    subteams: arena ? subteamsFromV5(info.participants) : [],
  };
}

export interface V4Context {
  platform: string;
  source: MatchView['source'];
  tournamentCode: string;
}

export function matchViewFromV4(match: MatchV4, context: V4Context, labels: MatchLabels | null): MatchView {
  const identities = new Map(
    match.participantIdentities.map((identity) => [identity.participantId, identity]),
  );
  const participants = match.participants.map((player): MatchParticipantView & { teamId: number } => {
    // No identity means the endpoint withheld it: shown as hidden, never guessed or looked up.
    const identity = identities.get(player.participantId)?.player;
    const { stats } = player;
    return {
      teamId: player.teamId,
      riotId: identity?.summonerName || null,
      puuid: identity?.puuid ?? '',
      championId: player.championId,
      championName: '',
      champLevel: stats.champLevel,
      spells: [player.spell1Id, player.spell2Id],
      runes: { keystone: stats.perk0, secondaryTree: stats.perkSubStyle },
      items: [stats.item0, stats.item1, stats.item2, stats.item3, stats.item4, stats.item5, stats.item6],
      kills: stats.kills,
      deaths: stats.deaths,
      assists: stats.assists,
      cs: stats.totalMinionsKilled + stats.neutralMinionsKilled,
      damageToChampions: stats.totalDamageDealtToChampions,
      gold: stats.goldEarned,
      visionScore: stats.visionScore,
      position: player.timeline.lane === 'NONE' ? '' : player.timeline.lane,
      highestTierAchieved: player.highestTierAchieved || player.highestAchievedSeasonTier,
    };
  });
  const teams = match.teams.map((team): MatchTeamView => {
    const members = participants.filter((player) => player.teamId === team.teamId).map(withoutTeam);
    return {
      teamId: team.teamId,
      side: side(team.teamId),
      win: team.win === 'Win',
      ...teamTotals(members),
      objectives: {
        towers: team.towerKills,
        inhibitors: team.inhibitorKills,
        dragons: team.dragonKills,
        barons: team.baronKills,
        heralds: team.riftHeraldKills,
        voidGrubs: 0,
      },
      participants: members,
    };
  });
  const platform = (match.platformId || context.platform).toUpperCase();
  return {
    matchId: `${platform}_${match.gameId}`,
    platform,
    queueId: match.queueId,
    queueLabel: labelQueue(labels, match.queueId, match.gameMode),
    mapId: match.mapId,
    mapLabel: labelMap(labels, match.mapId),
    gameMode: match.gameMode,
    durationSeconds: Math.round(match.gameDuration),
    startedAt: match.gameCreation || null,
    gameVersion: match.gameVersion,
    tournamentCode: context.tournamentCode,
    apiVersion: 'v4',
    source: context.source,
    anonymised:
      participants.some((player) => player.riotId === null) ||
      (context.source === 'standard' && !RANKED_QUEUES.has(match.queueId)),
    aborted: false,
    teams,
    // match-v4 predates Arena: its records carry no subteams.
    subteams: [],
  };
}

function withoutTeam({ teamId: _teamId, ...player }: MatchParticipantView & { teamId: number }) {
  return player;
}

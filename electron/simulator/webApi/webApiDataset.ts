import { KEYSTONES, MINOR_RUNES, RUNE_TREES, RUNE_TREE_NAMES } from '../liveCatalog';
import { seededRandom } from '../../../shared/random/seededRandom';
import { createHash } from 'node:crypto';

/**
 * The simulated world: a few named players with accounts, summoners and recent matches, and any other
 * match made up on demand from its game ID (the same ID always gives the same match). Field names are
 * the web API's (account-v1, summoner-v4, match-v5 and the spec's match-v4).
 */

export interface SimPlayer {
  gameName: string;
  tagLine: string;
  platform: string;
  puuid: string;
  summonerId: string;
  accountId: string;
  /** Legacy summoner name; for accounts made after the Riot ID change a random UUID. */
  summonerName: string;
  profileIconId: number;
  summonerLevel: number;
}

/** league-v4's LeagueEntryDTO, one per ranked queue the player is placed in. */
export interface SimLeagueEntry {
  leagueId: string;
  queueType: string;
  tier: string;
  rank: string;
  leaguePoints: number;
  wins: number;
  losses: number;
  hotStreak: boolean;
  veteran: boolean;
  freshBlood: boolean;
  inactive: boolean;
}

type LeagueSeed = Omit<SimLeagueEntry, 'leagueId' | 'hotStreak' | 'veteran' | 'freshBlood' | 'inactive'> &
  Partial<Pick<SimLeagueEntry, 'hotStreak' | 'veteran' | 'freshBlood' | 'inactive'>>;

interface PlayerSeed {
  gameName: string;
  tagLine: string;
  platform: string;
  summonerName?: string;
  /** None: the player is unranked (league-v4 answers []). */
  leagues?: LeagueSeed[];
  /** How many recent matches the player has; 20 unless said. */
  matchCount?: number;
  /** Matches by their place in the list (0 the newest) that the queue cycle does not make. */
  modeMatches?: Record<number, ModeMatch>;
}

/** A game of a mode the queue cycle lacks, or one that never completed. */
interface ModeMatch {
  queueId: number;
  mapId: number;
  gameMode: string;
  /** match-v5's endOfGameResult; an aborted game's record holds no game data. */
  endOfGameResult?: string;
}
const ABORTED: ModeMatch = { queueId: 0, mapId: 0, gameMode: '', endOfGameResult: 'Abort_Unexpected' };

const PLAYER_SEEDS: PlayerSeed[] = [
  {
    gameName: 'Quiet Lantern',
    tagLine: 'EUW',
    platform: 'euw1',
    leagues: [
      {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'GOLD',
        rank: 'II',
        leaguePoints: 47,
        wins: 58,
        losses: 51,
        hotStreak: true,
      },
      {
        queueType: 'RANKED_FLEX_SR',
        tier: 'SILVER',
        rank: 'I',
        leaguePoints: 12,
        wins: 9,
        losses: 7,
        freshBlood: true,
      },
    ],
  },
  {
    gameName: 'Brightwater',
    tagLine: 'NA1',
    platform: 'na1',
    leagues: [
      // Listed out of order, with 0 LP (left out on the wire) and a queue Sightline has no name for.
      {
        queueType: 'RANKED_FLEX_TT',
        tier: 'DIAMOND',
        rank: 'IV',
        leaguePoints: 75,
        wins: 31,
        losses: 24,
        inactive: true,
      },
      { queueType: 'RANKED_TEAM_5x5', tier: 'PLATINUM', rank: 'III', leaguePoints: 0, wins: 14, losses: 15 },
      {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'MASTER',
        rank: 'I',
        leaguePoints: 212,
        wins: 203,
        losses: 171,
        veteran: true,
      },
    ],
  },
  {
    gameName: 'Ember Fox',
    tagLine: 'KR1',
    platform: 'kr',
    leagues: [
      {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'CHALLENGER',
        rank: 'I',
        leaguePoints: 1404,
        wins: 512,
        losses: 430,
        veteran: true,
      },
    ],
  },
  { gameName: 'Hollow Pine', tagLine: 'OCE', platform: 'oc1' },
  {
    gameName: 'Søren Ås',
    tagLine: 'EUNE',
    platform: 'eun1',
    leagues: [
      {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'IRON',
        rank: 'IV',
        leaguePoints: 0,
        wins: 3,
        losses: 8,
        freshBlood: true,
      },
    ],
  },
  {
    gameName: 'New Tide',
    tagLine: '7741',
    platform: 'na1',
    summonerName: '0b7e3c52-4f1d-4b8e-9a51-2c6d3f1e8a90',
  },
  // Riot IDs as real accounts have them: tags with spaces, and a Thai name whose vowel signs are
  // combining marks (\p{M}); their legacy summoner names are UUIDs, as for every account made since.
  {
    gameName: '天 使',
    tagLine: 'KR 1',
    platform: 'kr',
    summonerName: 'c3a1f0e2-6b7d-4e35-9f1c-0a8b2d4e6f71',
  },
  {
    gameName: 'Sleep tight',
    tagLine: 'z z',
    platform: 'na1',
    summonerName: '5d2e8a41-7c3b-4f60-8e9d-1b2a3c4d5e6f',
  },
  {
    gameName: 'Melody',
    tagLine: 'I L',
    platform: 'euw1',
    summonerName: '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4',
  },
  {
    gameName: 'Noru1247',
    tagLine: '12 47',
    platform: 'na1',
    summonerName: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  },
  { gameName: 'น้ำ', tagLine: 'TH2', platform: 'th2', summonerName: '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910' },
  // More than a page of matches, with modes static data may not name and a game that was aborted.
  {
    gameName: 'Paper Comet',
    tagLine: 'EUW',
    platform: 'euw1',
    matchCount: 30,
    modeMatches: {
      3: { queueId: 480, mapId: 11, gameMode: 'SWIFTPLAY' },
      7: { queueId: 1820, mapId: 33, gameMode: 'STRAWBERRY' },
      12: ABORTED,
      18: { queueId: 1810, mapId: 33, gameMode: 'STRAWBERRY' },
    },
  },
];

export interface SimTournamentCode {
  code: string;
  platform: string;
  gameId: number;
  metaData: string;
}

const RANKED = new Set([420, 440]);
const QUEUE_CYCLE = [420, 420, 400, 450, 440, 420, 490, 430, 420, 0];
const PLATFORM_BASE: Record<string, number> = {
  br1: 2_900_000_000,
  eun1: 3_400_000_000,
  euw1: 7_100_000_000,
  jp1: 4_100_000_000,
  kr: 7_300_000_000,
  la1: 1_500_000_000,
  la2: 1_600_000_000,
  na1: 5_000_000_000,
  oc1: 6_200_000_000,
  tr1: 1_400_000_000,
  ru: 4_900_000_000,
  ph2: 1_200_000_000,
  sg2: 1_100_000_000,
  th2: 1_000_000_000,
  tw2: 3_100_000_000,
  vn2: 1_300_000_000,
};
export const SIM_PLATFORMS = Object.keys(PLATFORM_BASE);

const CHAMPIONS: Array<[number, string]> = [
  [266, 'Aatrox'],
  [103, 'Ahri'],
  [84, 'Akali'],
  [12, 'Alistar'],
  [32, 'Amumu'],
  [22, 'Ashe'],
  [53, 'Blitzcrank'],
  [63, 'Brand'],
  [51, 'Caitlyn'],
  [122, 'Darius'],
  [119, 'Draven'],
  [81, 'Ezreal'],
  [114, 'Fiora'],
  [86, 'Garen'],
  [104, 'Graves'],
  [39, 'Irelia'],
  [202, 'Jhin'],
  [222, 'Jinx'],
  [145, 'Kaisa'],
  [429, 'Kalista'],
  [64, 'LeeSin'],
  [89, 'Leona'],
  [99, 'Lux'],
  [54, 'Malphite'],
  [21, 'MissFortune'],
  [267, 'Nami'],
  [111, 'Nautilus'],
  [61, 'Orianna'],
  [555, 'Pyke'],
  [92, 'Riven'],
  [235, 'Senna'],
  [98, 'Shen'],
  [134, 'Syndra'],
  [412, 'Thresh'],
  [67, 'Vayne'],
  [254, 'Vi'],
  [157, 'Yasuo'],
  [238, 'Zed'],
  [142, 'Zoe'],
  [143, 'Zyra'],
];

const POSITIONS = ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY'] as const;
const ROLE_SPELL: Record<(typeof POSITIONS)[number], number> = {
  TOP: 12, // Teleport
  JUNGLE: 11, // Smite
  MIDDLE: 14, // Ignite
  BOTTOM: 7, // Heal
  UTILITY: 3, // Exhaust
};
const ROLE_ITEMS: Record<(typeof POSITIONS)[number], number[]> = {
  TOP: [3071, 3047, 3053, 6333, 3065, 3075, 3748, 3161],
  JUNGLE: [6692, 3111, 3071, 3026, 6333, 3814, 3156, 3142],
  MIDDLE: [6653, 3020, 3089, 3157, 3135, 4645, 3165, 3102],
  BOTTOM: [6672, 3006, 3031, 3094, 3036, 3046, 3072, 3153],
  UTILITY: [3190, 3158, 3107, 3504, 3222, 3109, 2065, 6617],
};
const TRINKETS = [3340, 3364, 3363];
const WORDS_A = [
  'Silent',
  'Crimson',
  'Velvet',
  'Iron',
  'Lucky',
  'Amber',
  'Frost',
  'Mellow',
  'Rapid',
  'Gentle',
];
const WORDS_B = [
  'Harbor',
  'Comet',
  'Willow',
  'Anvil',
  'Otter',
  'Beacon',
  'Thistle',
  'Falcon',
  'Meadow',
  'Ridge',
];

function opaqueId(label: string, length: number): string {
  return createHash('sha512').update(label).digest('base64url').slice(0, length);
}

/** Last season's highest tiers as match-v4 names them; '' is left out of the record. */
const SEASON_TIERS = ['', 'UNRANKED', 'BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND', 'MASTER'];

function uuidFrom(label: string): string {
  const hex = createHash('sha256').update(label).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SimMatch {
  platform: string;
  gameId: number;
  queueId: number;
  mapId: number;
  gameMode: string;
  gameType: string;
  startedAt: number;
  durationSeconds: number;
  tournamentCode: string;
  /** GameComplete, or why the game stopped (Abort_Unexpected). */
  endOfGameResult: string;
  winningTeam: 100 | 200;
  participants: SimParticipant[];
}

export interface SimParticipant {
  participantId: number;
  teamId: 100 | 200;
  player: Pick<SimPlayer, 'gameName' | 'tagLine' | 'puuid' | 'summonerId' | 'accountId' | 'summonerName'> & {
    profileIconId: number;
    summonerLevel: number;
  };
  championId: number;
  championName: string;
  champLevel: number;
  position: (typeof POSITIONS)[number];
  spells: [number, number];
  /** Rune IDs from the live client's vocabulary, so the simulated Data Dragon has their icons. */
  runes: {
    primaryTree: number;
    keystone: number;
    primaryRunes: number[];
    secondaryTree: number;
    secondaryRunes: number[];
  };
  items: number[];
  kills: number;
  deaths: number;
  assists: number;
  minions: number;
  monsters: number;
  damage: number;
  gold: number;
  vision: number;
  wardsPlaced: number;
  /** Spec 2 §2.3; carried by the match-v4 records only. */
  highestTierAchieved: string;
  /** Arena only (gameMode CHERRY): the player's team, 1-8, and where it finished; 0 in other modes. */
  subteamId: number;
  placement: number;
}

export interface WebApiDataset {
  players: SimPlayer[];
  tournamentCodes: SimTournamentCode[];
  playerByRiotId(gameName: string, tagLine: string): SimPlayer | null;
  playerByPuuid(puuid: string): SimPlayer | null;
  playerBySummonerId(id: string): SimPlayer | null;
  playerByAccountId(id: string): SimPlayer | null;
  /**
   * A named player, or anyone who played a match the simulator has made up so far (its lobby or its
   * record): the account and summoner lookups know every player of a game, as the real API does.
   */
  anyPlayerByPuuid(puuid: string): SimPlayer | null;
  anyPlayerBySummonerId(id: string): SimPlayer | null;
  playerBySummonerName(platform: string, name: string): SimPlayer | null;
  /** league-v4 entries; [] for an unranked player. */
  leagueEntries(player: SimPlayer): SimLeagueEntry[];
  recentGameIds(player: SimPlayer): number[];
  /** Null when no match has that ID on that platform (404). */
  match(platform: string, gameId: number): SimMatch | null;
  /**
   * A game a player just finished (the local client's game, in the demo and the tests): a Riot ID the world does
   * not know becomes a player on that platform, and the game, with its start, length and queue (a Summoner's Rift
   * or ARAM queue), becomes their newest match. Returns its match ID.
   */
  playGame(game: PlayedSimGame): string;
  isRanked(queueId: number): boolean;
}

export interface PlayedSimGame {
  gameName: string;
  tagLine: string;
  platform: string;
  /** Epoch ms, as match-v5's gameStartTimestamp. */
  startedAt: number;
  durationSeconds: number;
  queueId: number;
}

/** Games played through playGame are numbered from here on their platform. */
const PLAYED_GAMES_FROM = 800_000;

export function createWebApiDataset(): WebApiDataset {
  const players: SimPlayer[] = PLAYER_SEEDS.map((seed, index) => ({
    gameName: seed.gameName,
    tagLine: seed.tagLine,
    platform: seed.platform,
    puuid: opaqueId(`puuid:${seed.gameName}#${seed.tagLine}`, 78),
    summonerId: opaqueId(`summoner:${seed.gameName}`, 47),
    accountId: opaqueId(`account:${seed.gameName}`, 56),
    summonerName: seed.summonerName ?? seed.gameName,
    profileIconId: 4568 + index * 13,
    summonerLevel: 87 + index * 41,
  }));
  const leagues = new Map<SimPlayer, SimLeagueEntry[]>(
    players.map((player, index) => [
      player,
      (PLAYER_SEEDS[index]?.leagues ?? []).map((seed) => ({
        hotStreak: false,
        veteran: false,
        freshBlood: false,
        inactive: false,
        ...seed,
        leagueId: uuidFrom(`league:${player.platform}:${seed.queueType}:${seed.tier}`),
      })),
    ]),
  );
  const recent = new Map<SimPlayer, number[]>();
  const owner = new Map<string, { player: SimPlayer; slot: number }>();
  const modes = new Map<string, ModeMatch>();
  /** Games played through playGame: their start, length and queue over what the game ID makes up. */
  const playedGames = new Map<string, PlayedSimGame>();
  players.forEach((player, index) => {
    const base = (PLATFORM_BASE[player.platform] ?? 1_000_000_000) + 1_000_000 * (index + 1);
    const seed = PLAYER_SEEDS[index];
    const ids = Array.from({ length: seed?.matchCount ?? 20 }, (_, match) => base + 4000 - match * 173);
    recent.set(player, ids);
    ids.forEach((gameId, match) => {
      owner.set(`${player.platform}:${gameId}`, { player, slot: (index + match) % 10 });
      const mode = seed?.modeMatches?.[match];
      if (mode) modes.set(`${player.platform}:${gameId}`, mode);
    });
  });
  // Arena games among the named players' recent matches: Quiet Lantern's fourth.
  const arenaGames = new Set(
    players.slice(0, 1).map((player) => `${player.platform}:${recent.get(player)?.[3] ?? 0}`),
  );
  const tournamentGameId = (PLATFORM_BASE.na1 ?? 0) + 900_001;
  const tournamentCodes: SimTournamentCode[] = [
    {
      code: 'NA04f2c-8f1e2c5a-3b9d-4e61-a7c2-5d0e9f4b1a38',
      platform: 'na1',
      gameId: tournamentGameId,
      metaData: '{"title":"Game 1 - Semifinal"}',
    },
  ];

  /** Players of the matches made up so far, by PUUID and by summoner ID. */
  const played = new Map<string, SimPlayer>();
  const remember = (platform: string, participants: SimParticipant[]) => {
    for (const { player } of participants) {
      const known = { ...player, platform };
      played.set(`puuid:${player.puuid}`, known);
      played.set(`summoner:${player.summonerId}`, known);
    }
  };
  const synthesize = (platform: string, gameId: number): SimMatch | null => {
    if (!(platform in PLATFORM_BASE) || gameId < 1000) return null;
    if (arenaGames.has(`${platform}:${gameId}`)) {
      const arena = arenaMatch(platform, gameId, owner.get(`${platform}:${gameId}`));
      remember(platform, arena.participants);
      return arena;
    }
    const random = seededRandom(gameId ^ (platform.length * 7919));
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    // Looked up on each call: games played through the tournament simulation join the list later.
    const tournament = tournamentCodes.find((code) => code.platform === platform && code.gameId === gameId);
    const queueId = tournament ? 0 : (QUEUE_CYCLE[gameId % QUEUE_CYCLE.length] ?? 420);
    const aram = queueId === 450;
    const durationSeconds = aram ? 900 + Math.floor(random() * 600) : 1260 + Math.floor(random() * 1100);
    const minutes = durationSeconds / 60;
    const winningTeam: 100 | 200 = random() < 0.5 ? 100 : 200;
    const champions = [...CHAMPIONS].sort(() => random() - 0.5).slice(0, 10);
    const owned = owner.get(`${platform}:${gameId}`);
    const tag = platform.replace(/\d+$/, '').toUpperCase();

    const participants: SimParticipant[] = champions.map(([championId, championName], index) => {
      const teamId: 100 | 200 = index < 5 ? 100 : 200;
      const position = POSITIONS[index % 5] ?? 'TOP';
      const won = teamId === winningTeam;
      const named = owned && owned.slot === index ? owned.player : null;
      const gameName = named?.gameName ?? `${pick(WORDS_A)} ${pick(WORDS_B)}`;
      const tagLine = named?.tagLine ?? (random() < 0.5 ? tag : String(1000 + Math.floor(random() * 9000)));
      const support = position === 'UTILITY';
      const kills = Math.floor(random() * (support ? 4 : 12)) + (won ? 2 : 0);
      const items = [...(ROLE_ITEMS[position] ?? [])].sort(() => random() - 0.5);
      const finished = Math.min(6, 2 + Math.floor(minutes / 7) + Math.floor(random() * 2));
      return {
        participantId: index + 1,
        teamId,
        player: gamePlayer(named, { gameName, tagLine }, { platform, gameId, index }, random),
        championId,
        championName,
        champLevel: Math.min(18, Math.floor(minutes / 2.2) + Math.floor(random() * 3)),
        position: aram ? 'MIDDLE' : position,
        spells: [4, aram ? 32 : ROLE_SPELL[position]],
        runes: runePage(championId + index),
        // Empty slots are 0, as in the real records (and then omitted on the wire).
        items: [...items.slice(0, finished), ...Array(6 - finished).fill(0), pick(TRINKETS)],
        kills,
        deaths: Math.floor(random() * 9) + (won ? 0 : 2),
        assists: Math.floor(random() * 14) + (support ? 6 : 0),
        minions:
          support || position === 'JUNGLE'
            ? Math.floor(minutes * (1 + random() * 2))
            : Math.floor(minutes * (5.5 + random() * 3)),
        monsters:
          position === 'JUNGLE' ? Math.floor(minutes * (4 + random() * 2)) : Math.floor(random() * 12),
        damage: Math.floor(minutes * (support ? 250 : 650) * (0.7 + random() * 0.8)),
        gold: Math.floor(minutes * (support ? 260 : 390) * (0.85 + random() * 0.3)) + (won ? 1500 : 0),
        vision: Math.floor(minutes * (support ? 2.4 : 0.9) * (0.7 + random() * 0.6)),
        wardsPlaced: Math.floor(minutes * (support ? 1.1 : 0.4)),
        // From the numbers, not the seeded sequence, so no other figure moved.
        highestTierAchieved: SEASON_TIERS[(gameId + index * 3) % SEASON_TIERS.length] ?? '',
        subteamId: 0,
        placement: 0,
      };
    });
    // A few hours apart, in September 2025.
    const startedAt = 1_757_000_000_000 + (gameId % 1_000_000) * 60_000;
    remember(platform, participants);
    const made: SimMatch = {
      platform,
      gameId,
      queueId,
      mapId: aram ? 12 : 11,
      gameMode: aram ? 'ARAM' : 'CLASSIC',
      gameType: queueId === 0 ? 'CUSTOM_GAME' : 'MATCHED_GAME',
      startedAt,
      durationSeconds,
      tournamentCode: tournament?.code ?? '',
      endOfGameResult: 'GameComplete',
      winningTeam,
      participants,
    };
    const playedGame = playedGames.get(`${platform}:${gameId}`);
    if (playedGame) {
      const aramGame = playedGame.queueId === 450;
      const { startedAt: start, durationSeconds: length, queueId: queue } = playedGame;
      const shape = aramGame ? { mapId: 12, gameMode: 'ARAM' } : { mapId: 11, gameMode: 'CLASSIC' };
      return { ...made, ...shape, startedAt: start, durationSeconds: length, queueId: queue };
    }
    const mode = modes.get(`${platform}:${gameId}`);
    if (!mode) return made;
    const { endOfGameResult = 'GameComplete', ...shape } = mode;
    const aborted = endOfGameResult !== 'GameComplete';
    // An aborted game's record keeps its ID and start, and nothing of the game.
    return aborted
      ? { ...made, ...shape, endOfGameResult, gameType: '', durationSeconds: 0, participants: [] }
      : { ...made, ...shape, endOfGameResult };
  };

  const norm = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, '');

  return {
    players,
    tournamentCodes,
    playerByRiotId: (gameName, tagLine) =>
      players.find((p) => norm(p.gameName) === norm(gameName) && norm(p.tagLine) === norm(tagLine)) ?? null,
    playerByPuuid: (puuid) => players.find((p) => p.puuid === puuid) ?? null,
    playerBySummonerId: (id) => players.find((p) => p.summonerId === id) ?? null,
    playerByAccountId: (id) => players.find((p) => p.accountId === id) ?? null,
    anyPlayerByPuuid: (puuid) =>
      players.find((p) => p.puuid === puuid) ?? played.get(`puuid:${puuid}`) ?? null,
    anyPlayerBySummonerId: (id) =>
      players.find((p) => p.summonerId === id) ?? played.get(`summoner:${id}`) ?? null,
    playerBySummonerName: (platform, name) =>
      players.find((p) => p.platform === platform && norm(p.summonerName) === norm(name)) ?? null,
    leagueEntries: (player) => leagues.get(player) ?? [],
    recentGameIds: (player) => recent.get(player) ?? [],
    match: synthesize,
    isRanked: (queueId) => RANKED.has(queueId),
    playGame: (game) => {
      const known = players.find(
        (p) =>
          p.platform === game.platform &&
          norm(p.gameName) === norm(game.gameName) &&
          norm(p.tagLine) === norm(game.tagLine),
      );
      const player = known ?? {
        gameName: game.gameName,
        tagLine: game.tagLine,
        platform: game.platform,
        puuid: opaqueId(`puuid:${game.gameName}#${game.tagLine}`, 78),
        summonerId: opaqueId(`summoner:${game.gameName}`, 47),
        accountId: opaqueId(`account:${game.gameName}`, 56),
        summonerName: game.gameName,
        profileIconId: 4568,
        summonerLevel: 30,
      };
      if (!known) players.push(player);
      const gameId =
        (PLATFORM_BASE[game.platform] ?? 1_000_000_000) + PLAYED_GAMES_FROM + playedGames.size + 1;
      playedGames.set(`${game.platform}:${gameId}`, game);
      owner.set(`${game.platform}:${gameId}`, { player, slot: 0 });
      recent.set(player, [gameId, ...(recent.get(player) ?? [])]);
      return `${game.platform.toUpperCase()}_${gameId}`;
    },
  };
}

/**
 * The player in one slot of a made-up game: the named player who owns the slot, else IDs made from the game
 * and slot (the same every time) and a made-up icon and level.
 */
function gamePlayer(
  named: SimPlayer | null,
  name: { gameName: string; tagLine: string },
  slot: { platform: string; gameId: number; index: number },
  random: () => number,
): SimParticipant['player'] {
  const at = `${slot.platform}:${slot.gameId}:${slot.index}`;
  return {
    ...name,
    puuid: named?.puuid ?? opaqueId(`puuid:${at}`, 78),
    summonerId: named?.summonerId ?? opaqueId(`summoner:${at}`, 47),
    accountId: named?.accountId ?? opaqueId(`account:${at}`, 56),
    summonerName: named?.summonerName ?? name.gameName,
    profileIconId: named?.profileIconId ?? 3000 + Math.floor(random() * 2000),
    summonerLevel: named?.summonerLevel ?? 30 + Math.floor(random() * 400),
  };
}

/** Arena's second summoner spell, Flee; the first is Flash. */
const FLEE = 2202;
const ARENA_SUBTEAMS = 8;

/**
 * An Arena game (queue 1700, map 30, gameMode CHERRY) as match-v5 records it: 16 players in 8 teams of
 * two (`playerSubteamId` 1-8, with the team's `placement`), while `teamId` is only 100 or 200.
 */
function arenaMatch(
  platform: string,
  gameId: number,
  owned: { player: SimPlayer; slot: number } | undefined,
): SimMatch {
  const random = seededRandom(gameId ^ 0x5a17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const durationSeconds = 960 + Math.floor(random() * 600);
  const champions = [...CHAMPIONS].sort(() => random() - 0.5).slice(0, ARENA_SUBTEAMS * 2);
  const placements = Array.from({ length: ARENA_SUBTEAMS }, (_, index) => index + 1).sort(
    () => random() - 0.5,
  );
  const tag = platform.replace(/\d+$/, '').toUpperCase();
  const participants = champions.map(([championId, championName], index): SimParticipant => {
    const subteamId = Math.floor(index / 2) + 1;
    const placement = placements[subteamId - 1] ?? ARENA_SUBTEAMS;
    const named = owned && owned.slot === index ? owned.player : null;
    const gameName = named?.gameName ?? `${pick(WORDS_A)} ${pick(WORDS_B)}`;
    const items = [...(ROLE_ITEMS[POSITIONS[index % 5] ?? 'TOP'] ?? [])].sort(() => random() - 0.5);
    return {
      participantId: index + 1,
      // 100 or 200, as in real Arena records: it says nothing about the player's team.
      teamId: subteamId <= ARENA_SUBTEAMS / 2 ? 100 : 200,
      player: gamePlayer(
        named,
        { gameName, tagLine: named?.tagLine ?? tag },
        { platform, gameId, index },
        random,
      ),
      championId,
      championName,
      champLevel: Math.max(9, 19 - placement - Math.floor(random() * 3)),
      position: 'TOP',
      spells: [4, FLEE],
      runes: runePage(championId + index),
      items: [...items.slice(0, 5), 0, 0],
      kills: Math.floor(random() * 10) + (ARENA_SUBTEAMS - placement),
      deaths: Math.floor(random() * 4) + placement,
      assists: Math.floor(random() * 10),
      minions: 0,
      monsters: 0,
      damage: Math.floor(20_000 + random() * 40_000),
      gold: Math.floor(8_000 + random() * 6_000),
      vision: 0,
      wardsPlaced: 0,
      highestTierAchieved: '',
      subteamId,
      placement,
    };
  });
  const first = participants.find((player) => player.placement === 1);
  return {
    platform,
    gameId,
    queueId: 1700,
    mapId: 30,
    gameMode: 'CHERRY',
    gameType: 'MATCHED_GAME',
    startedAt: 1_757_000_000_000 + (gameId % 1_000_000) * 60_000,
    durationSeconds,
    tournamentCode: '',
    endOfGameResult: 'GameComplete',
    winningTeam: first?.teamId ?? 100,
    participants,
  };
}

const KEYSTONE_LIST = Object.values(KEYSTONES);

/** A rune page picked from a number (not the seeded sequence, so adding runes moved no other figure). */
function runePage(seed: number): SimParticipant['runes'] {
  const keystone = KEYSTONE_LIST[seed % KEYSTONE_LIST.length] ?? KEYSTONES.Electrocute;
  const secondary = RUNE_TREE_NAMES.filter((tree) => tree !== keystone.tree)[seed % 4] ?? 'Resolve';
  return {
    primaryTree: RUNE_TREES[keystone.tree].id,
    keystone: keystone.id,
    primaryRunes: MINOR_RUNES[keystone.tree].map((rune) => rune.id),
    secondaryTree: RUNE_TREES[secondary].id,
    secondaryRunes: MINOR_RUNES[secondary].slice(0, 2).map((rune) => rune.id),
  };
}

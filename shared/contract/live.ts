/**
 * What the arena live client tells us about the game in progress: only what the game itself shows the
 * player (no enemy cooldowns, no jungle timers, no advice, no prediction).
 */
import type { PlacementBox } from './overlayPlacement';

export type LivePhase = 'no-game' | 'loading' | 'in-game' | 'ended';

/** ORDER is the blue side, CHAOS the red side; NEUTRAL holds any player the client puts elsewhere. */
export type LiveTeam = 'ORDER' | 'CHAOS';
export type LivePlayerTeam = LiveTeam | 'NEUTRAL';
export const LIVE_TEAMS = ['ORDER', 'CHAOS'] as const satisfies readonly LiveTeam[];
export const LIVE_TEAM_LABELS: Record<LivePlayerTeam, string> = {
  ORDER: 'Blue',
  CHAOS: 'Red',
  NEUTRAL: 'Other',
};

export interface LiveClock {
  /** Game time in seconds at the moment it was sampled. */
  gameTime: number;
  /** Epoch ms when gameTime was sampled; the UI interpolates from here while the game runs. */
  sampledAt: number;
}

export interface LiveItem {
  id: number;
  name: string;
  /** Stack size (potions, wards); 1 for most items. */
  count: number;
}

export interface LiveSpell {
  /** The spell's key, e.g. SummonerFlash (what static data names its image after). */
  key: string;
  name: string;
}

export interface LiveRune {
  id: number;
  name: string;
}

export interface LivePlayer {
  /** Stable within a game: the Riot ID, or the legacy summoner name. */
  id: string;
  /** The name the game shows: the Riot ID game name, or the legacy summoner name. */
  name: string;
  tagLine: string;
  team: LivePlayerTeam;
  /** The champion's key, e.g. MonkeyKing (static data's image name); championName is what players read. */
  championKey: string;
  championName: string;
  level: number;
  kills: number;
  deaths: number;
  assists: number;
  creepScore: number;
  /**
   * Ward (vision) score; null where the game does not show it: the other team's while the game runs (both
   * teams' once it has ended).
   */
  wardScore: number | null;
  /** The seven inventory slots in order (0-5 items, 6 trinket); null where a slot is empty. */
  items: Array<LiveItem | null>;
  spells: LiveSpell[];
  keystone: LiveRune | null;
  /** TOP, JUNGLE, MIDDLE, BOTTOM, UTILITY, or empty. */
  position: string;
  isBot: boolean;
  isDead: boolean;
  /** Seconds to respawn as the game showed them when the clock was sampled; 0 when alive. */
  respawnTimer: number;
  /** The player at this computer (never true in spectator mode). */
  isLocal: boolean;
}

export interface LiveTeamTotals {
  kills: number;
  towers: number;
  inhibitors: number;
  /** Dragon types in the order this team took them (Fire, Water, Earth, Air, Hextech, Chemtech, Elder). */
  dragons: string[];
  barons: number;
  heralds: number;
  voidgrubs: number;
  atakhans: number;
}

export const EMPTY_TEAM_TOTALS: LiveTeamTotals = {
  kills: 0,
  towers: 0,
  inhibitors: 0,
  dragons: [],
  barons: 0,
  heralds: 0,
  voidgrubs: 0,
  atakhans: 0,
};

export type AbilitySlot = 'Passive' | 'Q' | 'W' | 'E' | 'R';
export const ABILITY_SLOTS = ['Passive', 'Q', 'W', 'E', 'R'] as const satisfies readonly AbilitySlot[];

export interface LiveAbility {
  slot: AbilitySlot;
  id: string;
  name: string;
  /** Rank 0-5 (R 0-3); null for the passive, which has none. */
  level: number | null;
}

/** The active player's stats as the game's stat panel shows them. */
export interface LiveChampionStats {
  attackDamage: number;
  abilityPower: number;
  armor: number;
  magicResist: number;
  attackSpeed: number;
  abilityHaste: number;
  critChance: number;
  moveSpeed: number;
  attackRange: number;
  lifeSteal: number;
  tenacity: number;
  currentHealth: number;
  maxHealth: number;
  resourceType: string;
  resourceValue: number;
  resourceMax: number;
}

export interface LiveActivePlayer {
  /** The LivePlayer.id of the same player. */
  playerId: string;
  name: string;
  level: number;
  /** Whole gold, as the shop shows it. */
  gold: number;
  stats: LiveChampionStats;
  abilities: LiveAbility[];
  keystone: LiveRune | null;
  primaryTree: LiveRune | null;
  secondaryTree: LiveRune | null;
  runes: LiveRune[];
}

export type LiveFeedKind =
  | 'kill'
  | 'first-blood'
  | 'multikill'
  | 'ace'
  | 'dragon'
  | 'herald'
  | 'baron'
  | 'voidgrub'
  | 'atakhan'
  | 'turret'
  | 'inhibitor'
  | 'inhibitor-respawn'
  | 'first-brick'
  | 'game'
  | 'other';

/** Someone named in an event: a player (with a champion) or a unit such as a turret or minions. */
export interface LiveFeedActor {
  name: string;
  championKey: string | null;
  championName: string | null;
  team: LivePlayerTeam | null;
  isLocal: boolean;
}

export interface LiveFeedEntry {
  /** The event's EventID. */
  id: number;
  /** Game seconds. */
  time: number;
  kind: LiveFeedKind;
  /** The team the event counts for (its colour in the feed), when there is one. */
  team: LivePlayerTeam | null;
  /** The event as a sentence, e.g. "Ahri killed Syndra, assisted by Lee Sin". */
  text: string;
  actor: LiveFeedActor | null;
  victim: LiveFeedActor | null;
  assists: LiveFeedActor[];
  /** Dragon type for dragons; the structure's description for structures; null otherwise. */
  detail: string | null;
  stolen: boolean;
}

/** The local player's finished game, as kept in the match history. */
export interface LiveGameSummary {
  /** Epoch ms when the game was seen to end. */
  endedAt: number;
  durationSeconds: number;
  /** From GameEnd; null when the client went away without one (crash, leave). */
  result: 'win' | 'lose' | null;
  gameMode: string;
  mapNumber: number;
  /** "Summoner's Rift", "ARAM", …: a readable label of the mode, from the game constants when loaded. */
  queueLabel: string;
  /** The player's Riot ID (or legacy summoner name). */
  playerId: string;
  championKey: string;
  championName: string;
  kills: number;
  deaths: number;
  assists: number;
  creepScore: number;
}

/** Where an overlay widget sits on its 1920×1080 canvas. */
export type OverlayAnchor =
  'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';
export const OVERLAY_ANCHORS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const satisfies readonly OverlayAnchor[];

export interface OverlayWidgetLayout {
  visible: boolean;
  anchor: OverlayAnchor;
  scale: number;
  /** Placed freely on the OBS page's layout view (overlayPlacement.ts); null: at its anchor and scale. */
  box: PlacementBox | null;
}

/** The overlays' layout from the settings, pushed so OBS sources follow a change at once. */
export interface LiveOverlayLayout {
  scoreboard: OverlayWidgetLayout;
  feed: OverlayWidgetLayout;
}

export const DEFAULT_OVERLAY_LAYOUT: LiveOverlayLayout = {
  scoreboard: { visible: true, anchor: 'top-center', scale: 1, box: null },
  feed: { visible: true, anchor: 'top-right', scale: 1, box: null },
};

/** A side's name and tag as the caster set them (the `broadcast` settings); empty leaves the game's label. */
export interface BroadcastTeam {
  name: string;
  tag: string;
}

/** Both sides' names and tags, pushed with the game so the bar shows a change at once. */
export type BroadcastTeams = Record<LiveTeam, BroadcastTeam>;

export const NO_BROADCAST_TEAMS: BroadcastTeams = {
  ORDER: { name: '', tag: '' },
  CHAOS: { name: '', tag: '' },
};

export interface LiveGameState {
  phase: LivePhase;
  clock: LiveClock | null;
  gameMode: string;
  mapName: string;
  mapNumber: number;
  /** Spectating or watching a replay: there is no active player. */
  spectator: boolean;
  /** From GameEnd, for the local player's team. */
  result: 'win' | 'lose' | null;
  /** In the order the client lists them (stable through the game). */
  players: LivePlayer[];
  teams: Record<LiveTeam, LiveTeamTotals>;
  activePlayer: LiveActivePlayer | null;
  /** The latest events keyed by EventID (integer keys keep ascending order); see feedEntries. */
  feed: Record<string, LiveFeedEntry>;
  /** The local player's last finished game, shown once the client has closed. */
  lastGame: LiveGameSummary | null;
  layout: LiveOverlayLayout;
  broadcast: BroadcastTeams;
}

export const INITIAL_LIVE_GAME: LiveGameState = {
  phase: 'no-game',
  clock: null,
  gameMode: '',
  mapName: '',
  mapNumber: 0,
  spectator: false,
  result: null,
  players: [],
  teams: { ORDER: EMPTY_TEAM_TOTALS, CHAOS: EMPTY_TEAM_TOTALS },
  activePlayer: null,
  feed: {},
  lastGame: null,
  layout: DEFAULT_OVERLAY_LAYOUT,
  broadcast: NO_BROADCAST_TEAMS,
};

/** Short names of game modes as players say them (the game constants' descriptions are sentences). */
export const LIVE_MODE_LABELS: Record<string, string> = {
  CLASSIC: 'Classic',
  ARAM: 'ARAM',
  CHERRY: 'Arena',
  URF: 'URF',
  ARURF: 'ARURF',
  ONEFORALL: 'One for All',
  PRACTICETOOL: 'Practice Tool',
  TUTORIAL: 'Tutorial',
  TUTORIAL_MODULE_1: 'Tutorial',
  TUTORIAL_MODULE_2: 'Tutorial',
  TUTORIAL_MODULE_3: 'Tutorial',
  STRAWBERRY: 'Swarm',
  GAMEMODEX: 'Nexus Blitz',
  NEXUSBLITZ: 'Nexus Blitz',
  ULTBOOK: 'Ultimate Spellbook',
  SWIFTPLAY: 'Swiftplay',
};

/** Map names by the live client's mapNumber. */
export const LIVE_MAP_LABELS: Record<number, string> = {
  11: "Summoner's Rift",
  12: 'Howling Abyss',
  21: 'Nexus Blitz',
  30: 'Rings of Wrath',
  33: 'Swarm',
};

/** How many feed entries the state keeps; team totals count every event regardless. */
export const LIVE_FEED_LIMIT = 100;

/** Game time shown at `now`: advances in real time while in game, frozen otherwise. */
export function gameTimeAt(game: Pick<LiveGameState, 'phase' | 'clock'>, now: number): number | null {
  if (!game.clock) return null;
  if (game.phase !== 'in-game') return game.clock.gameTime;
  return game.clock.gameTime + Math.max(0, now - game.clock.sampledAt) / 1000;
}

/** Seconds to respawn at `now`, counting down from what the game showed at the last poll. */
export function respawnSecondsAt(
  player: Pick<LivePlayer, 'isDead' | 'respawnTimer'>,
  game: Pick<LiveGameState, 'phase' | 'clock'>,
  now: number,
): number | null {
  if (!player.isDead) return null;
  const sampled = game.clock;
  const elapsed = sampled && game.phase === 'in-game' ? Math.max(0, now - sampled.sampledAt) / 1000 : 0;
  return Math.max(0, player.respawnTimer - elapsed);
}

/**
 * When the shown game clock's second turns (any instant ≡ this, mod 1000 ms), while it runs: its whole
 * seconds fall `gameTime` seconds after the poll sampled it. Null while the clock stands.
 */
export function gameClockTurnAt(game: Pick<LiveGameState, 'phase' | 'clock'>): number | null {
  if (!game.clock || game.phase !== 'in-game') return null;
  return game.clock.sampledAt - game.clock.gameTime * 1000;
}

/** When a dead player's respawn countdown turns (mod 1000 ms), while it runs; null while it stands. */
export function respawnTurnAt(
  player: Pick<LivePlayer, 'isDead' | 'respawnTimer'>,
  game: Pick<LiveGameState, 'phase' | 'clock'>,
): number | null {
  if (!player.isDead || !game.clock || game.phase !== 'in-game') return null;
  return game.clock.sampledAt + player.respawnTimer * 1000;
}

export function formatGameTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The game clock as a clock shows it at `now`: mm:ss, or --:-- before the game has one. */
export function shownGameTime(game: Pick<LiveGameState, 'phase' | 'clock'>, now: number): string {
  const seconds = gameTimeAt(game, now);
  return seconds === null ? '--:--' : formatGameTime(seconds);
}

/** The feed in event order, oldest first. */
export function feedEntries(game: Pick<LiveGameState, 'feed'>): LiveFeedEntry[] {
  return Object.values(game.feed).sort((a, b) => a.id - b.id);
}

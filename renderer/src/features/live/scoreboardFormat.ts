import type {
  LiveChampionStats,
  LiveGameState,
  LiveOverlayLayout,
  LivePhase,
  LivePlayer,
  OverlayAnchor,
} from '@shared/contract';

/** Words and numbers as the scoreboard shows them; pure, so they are tested without a DOM. */

export const PHASE_LABELS: Record<LivePhase, string> = {
  'no-game': 'No game',
  loading: 'Loading',
  'in-game': 'In game',
  ended: 'Game over',
};

export const POSITION_LABELS: Record<string, string> = {
  TOP: 'Top',
  JUNGLE: 'Jungle',
  MIDDLE: 'Mid',
  BOTTOM: 'Bot',
  UTILITY: 'Support',
};

export const ANCHOR_LABELS: Record<OverlayAnchor, string> = {
  'top-left': 'Top left',
  'top-center': 'Top centre',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-center': 'Bottom centre',
  'bottom-right': 'Bottom right',
};

export const DRAGON_NAMES: Record<string, string> = {
  Fire: 'Infernal',
  Water: 'Ocean',
  Earth: 'Mountain',
  Air: 'Cloud',
  Hextech: 'Hextech',
  Chemtech: 'Chemtech',
  Elder: 'Elder',
};

export function formatKda(player: { kills: number; deaths: number; assists: number }): string {
  return `${player.kills} / ${player.deaths} / ${player.assists}`;
}

/** Up to two letters standing in for an image: "Doran's Ring" → "DR", "Ahri" → "Ah". */
export function initialsOf(name: string): string {
  const words = name.replace(/['’]/g, '').match(/[A-Za-z0-9]+/g) ?? [];
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * The font size (px) that writes a name inside a small portrait square (`innerWidth` px of room) with its
 * longest word on one line: 9 px for short names, down to 6; a longer word than that breaks.
 */
export function nameTileFontSize(name: string, innerWidth = 34): number {
  const longest = Math.max(1, ...name.split(/\s+/).map((word) => word.length));
  // A bold sans letter is about 0.68 em wide on average. Whole pixels: each size a cold page draws costs its
  // first layout a font lookup, and half pixels made seven of them for ten squares.
  const fitting = Math.floor(innerWidth / (longest * 0.68));
  return Math.min(9, Math.max(6, fitting));
}

/** A stable hue per name, so a fallback tile keeps its colour from poll to poll. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export interface StatLine {
  key: keyof LiveChampionStats;
  label: string;
  value: string;
}

const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

/** The stat panel's lines in the game's order. */
export function statLines(stats: LiveChampionStats): StatLine[] {
  return [
    { key: 'attackDamage', label: 'Attack damage', value: String(stats.attackDamage) },
    { key: 'abilityPower', label: 'Ability power', value: String(stats.abilityPower) },
    { key: 'armor', label: 'Armor', value: String(stats.armor) },
    { key: 'magicResist', label: 'Magic resist', value: String(stats.magicResist) },
    { key: 'attackSpeed', label: 'Attack speed', value: stats.attackSpeed.toFixed(2) },
    { key: 'abilityHaste', label: 'Ability haste', value: String(stats.abilityHaste) },
    { key: 'critChance', label: 'Critical chance', value: percent(stats.critChance) },
    { key: 'moveSpeed', label: 'Move speed', value: String(stats.moveSpeed) },
    { key: 'attackRange', label: 'Attack range', value: String(stats.attackRange) },
    { key: 'lifeSteal', label: 'Life steal', value: percent(stats.lifeSteal) },
    { key: 'tenacity', label: 'Tenacity', value: percent(stats.tenacity) },
  ];
}

/** "Mana", "Energy", … from the client's resource type (MANA, ENERGY, NONE). */
export function resourceLabel(type: string): string | null {
  if (!type || type === 'NONE') return null;
  return type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}

export interface Placement {
  justifyContent: 'flex-start' | 'center' | 'flex-end';
  alignItems: 'flex-start' | 'flex-end';
  transformOrigin: string;
}

/** Where a widget sits on its overlay canvas, and the corner it scales from. */
export function placementOf(anchor: OverlayAnchor): Placement {
  const [vertical, horizontal] = anchor.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
  return {
    justifyContent: justify[horizontal],
    alignItems: vertical === 'top' ? 'flex-start' : 'flex-end',
    transformOrigin: `${vertical} ${horizontal}`,
  };
}

/**
 * The height the scoreboard bar and its notice take at scale 1 (names, portraits and items, K/D/A, padding), with
 * room for the taller names and notice of a small source (ScoreBar, scoreboard.css).
 */
const BAR_CLEARANCE_PX = 180;

/**
 * How far the feed moves in from its edge to keep clear of the scoreboard bar on the same edge (the default
 * layout puts both at the top). The same in the feed's own source and in the combined page, so two OBS sources
 * stacked in one scene line up as the combined page does.
 */
export function feedClearance(layout: LiveOverlayLayout): number {
  const edge = (anchor: OverlayAnchor) => anchor.split('-')[0];
  const { scoreboard, feed } = layout;
  // A bar or feed placed in a box of its own on the OBS page's layout view is where the caster put it.
  return scoreboard.visible && !scoreboard.box && !feed.box && edge(scoreboard.anchor) === edge(feed.anchor)
    ? Math.round(BAR_CLEARANCE_PX * scoreboard.scale)
    : 0;
}

/** What one player's square on the overlay bar draws: the portrait with its level, the name, K / D / A and items. */
export interface BarSquare {
  player: Pick<
    LivePlayer,
    | 'id'
    | 'name'
    | 'isLocal'
    | 'championKey'
    | 'championName'
    | 'level'
    | 'kills'
    | 'deaths'
    | 'assists'
    | 'isDead'
    | 'respawnTimer'
    | 'items'
  >;
  game: Pick<LiveGameState, 'phase' | 'clock'>;
}

/** What a champion portrait draws: the champion with its level, and while dead its countdown on the game's clock. */
export interface PortraitView {
  player: Pick<LivePlayer, 'championKey' | 'championName' | 'level' | 'isDead' | 'respawnTimer'>;
  game: Pick<LiveGameState, 'phase' | 'clock'>;
}

const PORTRAIT_FIELDS = [
  'championKey',
  'championName',
  'level',
  'isDead',
  'respawnTimer',
] as const satisfies readonly (keyof PortraitView['player'])[];

/**
 * Whether a portrait would draw the same: the game's clock (every poll's) matters only to a dead player's
 * countdown.
 */
export function samePortrait(before: PortraitView, after: PortraitView): boolean {
  if (before.game.phase !== after.game.phase) return false;
  if ((before.player.isDead || after.player.isDead) && before.game.clock !== after.game.clock) return false;
  return PORTRAIT_FIELDS.every((field) => before.player[field] === after.player[field]);
}

/** The rest of a bar square beside its portrait and items. */
const SQUARE_FIELDS = [
  'id',
  'name',
  'isLocal',
  'kills',
  'deaths',
  'assists',
] as const satisfies readonly (keyof BarSquare['player'])[];

type Slots = BarSquare['player']['items'];

/** The same items in the same slots, however the poll built the arrays. */
export function sameItems(before: Slots, after: Slots): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  return before.every((item, slot) => {
    const other = after[slot];
    return (
      item === other || (item?.id === other?.id && item?.count === other?.count && item?.name === other?.name)
    );
  });
}

/**
 * Whether a square would draw the same: a poll changes every player's farm and the game's clock, neither of which
 * the bar shows (the clock only a dead player's countdown), and items only now and then, so most squares are not
 * drawn again.
 */
export function sameBarSquare(before: BarSquare, after: BarSquare): boolean {
  return (
    samePortrait(before, after) &&
    SQUARE_FIELDS.every((field) => before.player[field] === after.player[field]) &&
    sameItems(before.player.items, after.player.items)
  );
}

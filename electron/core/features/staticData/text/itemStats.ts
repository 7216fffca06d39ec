import { formatNumber } from './numberText';

/**
 * Data Dragon item and rune stats (spec §2.2, "Stat naming"):
 * - Keys read `[r](Flat|Percent)<Stat>[Mod][PerLevel]`: `Mod` means modifier, a leading `r` marks a rune stat.
 * - Flat stats add to the base; percent stats multiply the total: `(base + flat) × (1 + percent)` (statTotal).
 *   Several bonuses of one key are summed first, as the game does (two +25% attack speed items give +50%).
 * - How a stat is shown is fixed per stat: percent stats ×100 ("+25% Attack Speed"); regeneration, stored per
 *   second, per 5 seconds ("+5 Health Regen per 5s"); chances stored as fractions as percentages even when the key
 *   says Flat (FlatCritChanceMod 0.2 → "+20% Critical Strike Chance").
 * - Tenacity from items does not stack (the highest counts), from runes it stacks (summed).
 * - A key we do not know is still shown, with a label made from its name.
 */

export type StatUnit = 'flat' | 'percent' | 'per5';

export interface StatKeyInfo {
  key: string;
  /** The stat the key modifies, e.g. "AttackSpeed" for PercentAttackSpeedMod; the key itself if unparseable. */
  stat: string;
  label: string;
  unit: StatUnit;
  /** Leading `r`: a rune stat. */
  rune: boolean;
  perLevel: boolean;
  /** False when the stat is not one Data Dragon documents and the label is made from the key. */
  known: boolean;
}

export interface ItemStatLine extends StatKeyInfo {
  /** The value as the data holds it (0.25 for +25% attack speed, 1 for 5 health regen per 5s). */
  value: number;
  /** The number as shown (25, 5). */
  shownValue: number;
  display: string;
}

export interface StatSource {
  kind: 'item' | 'rune';
  stats: Record<string, number>;
}

interface StatDefinition {
  label: string;
  /** How a Flat key of this stat is shown; Percent keys are always percentages. */
  flatUnit?: StatUnit;
  /** Label of the Percent key when it reads differently ("Base Health Regen"). */
  percentLabel?: string;
}

const STATS: Record<string, StatDefinition> = {
  HPPool: { label: 'Health' },
  HP: { label: 'Health' },
  MPPool: { label: 'Mana' },
  MP: { label: 'Mana' },
  EnergyPool: { label: 'Energy' },
  Energy: { label: 'Energy' },
  HPRegen: { label: 'Health Regen', flatUnit: 'per5', percentLabel: 'Base Health Regen' },
  MPRegen: { label: 'Mana Regen', flatUnit: 'per5', percentLabel: 'Base Mana Regen' },
  EnergyRegen: { label: 'Energy Regen', flatUnit: 'per5', percentLabel: 'Base Energy Regen' },
  Armor: { label: 'Armor' },
  SpellBlock: { label: 'Magic Resist' },
  PhysicalDamage: { label: 'Attack Damage' },
  MagicDamage: { label: 'Ability Power' },
  MovementSpeed: { label: 'Move Speed' },
  AttackSpeed: { label: 'Attack Speed' },
  CritChance: { label: 'Critical Strike Chance', flatUnit: 'percent' },
  CritDamage: { label: 'Critical Strike Damage', flatUnit: 'percent' },
  LifeSteal: { label: 'Life Steal', flatUnit: 'percent' },
  SpellVamp: { label: 'Spell Vamp', flatUnit: 'percent' },
  Dodge: { label: 'Dodge Chance', flatUnit: 'percent' },
  Block: { label: 'Damage Blocked' },
  ArmorPenetration: { label: 'Armor Penetration' },
  MagicPenetration: { label: 'Magic Penetration' },
  Cooldown: { label: 'Cooldowns' },
  TimeDead: { label: 'Time Dead' },
  GoldPer10: { label: 'Gold per 10s' },
  EXPBonus: { label: 'Experience' },
  Tenacity: { label: 'Tenacity', flatUnit: 'percent' },
};

const STAT_KEY = /^(r)?(Flat|Percent)([A-Za-z0-9]+?)(?:Mod)?(PerLevel)?$/;

export function describeStatKey(key: string): StatKeyInfo {
  const match = STAT_KEY.exec(key);
  if (!match) {
    return {
      key,
      stat: key,
      label: labelFromName(key),
      unit: 'flat',
      rune: false,
      perLevel: false,
      known: false,
    };
  }
  const [, runeMarker, kind, stat = ''] = match;
  const perLevel = match[4] !== undefined;
  const definition = STATS[stat];
  const percent = kind === 'Percent';
  const unit: StatUnit = percent ? 'percent' : (definition?.flatUnit ?? 'flat');
  const label = definition
    ? ((percent ? definition.percentLabel : undefined) ?? definition.label)
    : labelFromName(stat);
  return { key, stat, label, unit, rune: runeMarker === 'r', perLevel, known: definition !== undefined };
}

/** One display line per stat with a value; zero and non-numeric values say nothing and are left out. */
export function formatItemStats(stats: Record<string, number>): ItemStatLine[] {
  const lines: ItemStatLine[] = [];
  for (const [key, value] of Object.entries(stats)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) continue;
    const info = describeStatKey(key);
    const shownValue = info.unit === 'percent' ? value * 100 : info.unit === 'per5' ? value * 5 : value;
    lines.push({ ...info, value, shownValue, display: displayText(info, shownValue) });
  }
  return lines;
}

/** Totals per key across items and runes: sums, except item tenacity, of which only the highest counts. */
export function combineStats(sources: readonly StatSource[]): Record<string, number> {
  const sums = new Map<string, number>();
  const highestFromItems = new Map<string, number>();
  for (const source of sources) {
    for (const [key, value] of Object.entries(source.stats)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (source.kind === 'item' && isTenacity(key)) {
        highestFromItems.set(key, Math.max(highestFromItems.get(key) ?? Number.NEGATIVE_INFINITY, value));
        sums.set(key, sums.get(key) ?? 0);
      } else {
        sums.set(key, (sums.get(key) ?? 0) + value);
      }
    }
  }
  const totals: Record<string, number> = {};
  for (const [key, sum] of sums) totals[key] = sum + (highestFromItems.get(key) ?? 0);
  return totals;
}

/** A stat's final value: flat bonuses add to the base, then percent bonuses multiply the result. */
export function statTotal(base: number, flat: number, percent: number): number {
  return (base + flat) * (1 + percent);
}

function isTenacity(key: string): boolean {
  return describeStatKey(key).stat === 'Tenacity';
}

function displayText(info: StatKeyInfo, shownValue: number): string {
  const sign = shownValue < 0 ? '-' : '+';
  const amount = formatNumber(Math.abs(shownValue));
  const number = info.unit === 'percent' ? `${amount}%` : amount;
  const per5 = info.unit === 'per5' ? ' per 5s' : '';
  const perLevel = info.perLevel ? ' per level' : '';
  return `${sign}${number} ${info.label}${per5}${perLevel}`;
}

/** "FooBarMod" → "Foo Bar", "weirdEXPThing" → "Weird EXP Thing": readable enough for a stat we do not know. */
function labelFromName(name: string): string {
  const words = name
    .replace(/Mod$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

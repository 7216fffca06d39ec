import { z } from 'zod';
import type { RichText } from '@shared/contract/richText';
import { parseGameMarkup } from './gameMarkup';
import { formatNumber, formatPerRank } from './numberText';

/**
 * Champion and summoner spell text from Data Dragon (spec §2.2, "Spell text rules").
 *
 * Placeholders:
 * - `{{ eN }}`: `effectBurn[N]`, or `effect[N]` joined per rank when the burn string is missing. Index 0 is a
 *   placeholder in both arrays, so `{{ e0 }}` has no value.
 * - `{{ aN }}` / `{{ fN }}`: the `vars` entry with that key. Its `coeff` is shown per rank ("0.6/0.7/0.8"); when its
 *   `link` names a stat we know, as a percentage of it ("60% AP"), so a tooltip's "(+{{ a1 }})" reads "(+60% AP)".
 *   Links we do not know (the "@…" ones are game-script values) show the bare coefficient.
 * - `{{ cost }}`, `{{ cooldown }}`, `{{ range }}`: the "Burn" strings (or the per-rank arrays).
 * - `{{ maxammo }}`: `maxammo`, unless it is "-1" (no charges).
 * - `{{ abilityresourcename }}`: the champion's resource ("Mana", "Energy"), when the caller passes it.
 * - `{{ name*100 }}`: the value scaled, when it is numeric.
 * - Hooks named "…append" / "…prepend" (e.g. `{{ spellmodifierdescriptionappend }}`) are empty and dropped.
 * - Anything else (modern game-calculation names such as `{{ qdamage }}`, `{{ e1NL }}`) is not in Data Dragon and
 *   shows as "?" with the 'unresolved' mark: a visible gap, never raw braces.
 */

const spellVarSchema = z.looseObject({
  key: z.string(),
  link: z.string().optional(),
  coeff: z.union([z.number(), z.array(z.number())]).optional(),
});

const perRankNumbers = z.array(z.number());

/** The spell fields the text rules read; tolerant of unknown fields and of the odd shapes old data has. */
export const spellTextSourceSchema = z.looseObject({
  name: z.string().optional(),
  tooltip: z.string().optional(),
  description: z.string().optional(),
  resource: z.string().optional(),
  // Index 0 is null in current data, the string "null" in some old files.
  effect: z.array(z.union([perRankNumbers, z.null(), z.string()])).optional(),
  effectBurn: z.array(z.union([z.string(), z.null()])).optional(),
  vars: z.array(spellVarSchema).optional(),
  cost: perRankNumbers.optional(),
  costBurn: z.string().optional(),
  cooldown: perRankNumbers.optional(),
  cooldownBurn: z.string().optional(),
  range: z.union([perRankNumbers, z.string()]).optional(),
  rangeBurn: z.string().optional(),
  maxammo: z.string().optional(),
});

export type SpellTextSource = z.infer<typeof spellTextSourceSchema>;
export type SpellVar = z.infer<typeof spellVarSchema>;

export interface SpellTextContext {
  /** The champion's `partype` ("Mana", "Energy"), for `{{ abilityresourcename }}`. */
  resourceName?: string;
}

/** What a var's `link` scales with, as shown after the percentage. */
const LINK_LABELS: Record<string, string> = {
  spelldamage: 'AP',
  attackdamage: 'AD',
  bonusattackdamage: 'bonus AD',
  health: 'max Health',
  maxhealth: 'max Health',
  bonushealth: 'bonus Health',
  armor: 'Armor',
  bonusarmor: 'bonus Armor',
  spellblock: 'Magic Resist',
  bonusspellblock: 'bonus Magic Resist',
  mana: 'max Mana',
  bonusmana: 'bonus Mana',
};

const EXPRESSION = /^([A-Za-z_][\w.]*)\s*(?:\*\s*(-?\d+(?:\.\d+)?))?$/;

/** The tooltip (or the description when there is none) as rich text. */
export function spellTooltipText(spell: SpellTextSource, context: SpellTextContext = {}): RichText {
  const text = spell.tooltip?.trim() ? spell.tooltip : (spell.description ?? '');
  return parseGameMarkup(text, (expression) => resolveSpellPlaceholder(spell, expression, context));
}

/**
 * The cost line from the `resource` template: "{{ cost }} Mana", "{{ e3 }} Health" (health costs live in
 * `effect`). Empty when the spell has no template (we do not guess a resource) and when it costs nothing: a
 * template with no value in it ("No Cost", in each language's words) on a spell whose every rank costs 0, so a
 * tooltip never reads "Cost No Cost".
 */
export function spellCostText(spell: SpellTextSource, context: SpellTextContext = {}): RichText {
  const template = spell.resource ?? '';
  if (!template.includes('{{') && (spell.cost ?? []).every((value) => value === 0)) return [];
  return parseGameMarkup(template, (expression) => resolveSpellPlaceholder(spell, expression, context));
}

/** The text one placeholder stands for; '' for hooks that add nothing; null when Data Dragon does not hold it. */
export function resolveSpellPlaceholder(
  spell: SpellTextSource,
  expression: string,
  context: SpellTextContext = {},
): string | null {
  const parsed = EXPRESSION.exec(expression.trim());
  if (!parsed) return null;
  const name = parsed[1] ?? '';
  const factor = parsed[2] === undefined ? null : Number(parsed[2]);

  if (/(append|prepend)$/i.test(name)) return '';
  const value = lookUp(spell, name, context);
  if (value === null || factor === null) return value;
  return scale(value, factor);
}

function lookUp(spell: SpellTextSource, name: string, context: SpellTextContext): string | null {
  const lower = name.toLowerCase();

  const effectIndex = /^e(\d+)$/.exec(lower);
  if (effectIndex) return effectValue(spell, Number(effectIndex[1]));

  if (/^[af]\d+$/.test(lower)) {
    const variable = spell.vars?.find((entry) => entry.key.toLowerCase() === lower);
    return variable ? varValue(variable) : null;
  }

  switch (lower) {
    case 'cost':
      return burnOrRanks(spell.costBurn, spell.cost);
    case 'cooldown':
      return burnOrRanks(spell.cooldownBurn, spell.cooldown);
    case 'range':
      return burnOrRanks(spell.rangeBurn, Array.isArray(spell.range) ? spell.range : undefined);
    case 'maxammo':
      return spell.maxammo && spell.maxammo !== '-1' ? spell.maxammo : null;
    case 'abilityresourcename':
      return context.resourceName?.trim() ? context.resourceName : null;
    default:
      return null;
  }
}

function effectValue(spell: SpellTextSource, index: number): string | null {
  if (index < 1) return null;
  const burn = spell.effectBurn?.[index];
  if (typeof burn === 'string' && burn.trim() !== '') return burn;
  const ranks = spell.effect?.[index];
  return Array.isArray(ranks) && ranks.length > 0 ? formatPerRank(ranks) : null;
}

function varValue(variable: SpellVar): string | null {
  const coefficients = typeof variable.coeff === 'number' ? [variable.coeff] : (variable.coeff ?? []);
  if (coefficients.length === 0) return null;
  const label = variable.link ? LINK_LABELS[variable.link.toLowerCase()] : undefined;
  if (!label) return formatPerRank(coefficients);
  return `${formatPerRank(coefficients.map((coefficient) => coefficient * 100))}% ${label}`;
}

function burnOrRanks(burn: string | undefined, ranks: number[] | undefined): string | null {
  if (burn !== undefined && burn.trim() !== '') return burn;
  return ranks && ranks.length > 0 ? formatPerRank(ranks) : null;
}

/** "0.2/0.3" * 100 → "20/30"; a value with words in it cannot be scaled, so it is not shown. */
function scale(value: string, factor: number): string | null {
  const parts = value.split('/').map((part) => part.trim());
  if (!parts.every((part) => /^-?\d+(?:\.\d+)?$/.test(part))) return null;
  return parts.map((part) => formatNumber(Number(part) * factor)).join('/');
}

import { z } from 'zod';
import { bool, int, list, num, str } from '../../../platform/parsing/omission';
import { spellTextSourceSchema } from '../text/spellText';

/**
 * Data Dragon files (spec §2.2, reference §3.2). Tolerant of unknown fields (they are dropped, except on spells,
 * which keep them for the text formatter); absent numbers, lists and strings follow the omission rule.
 */

export const versionsSchema = z.array(z.string());

export const realmSchema = z.looseObject({
  /** Latest version per data type. */
  n: z.record(z.string(), z.string()).default({}),
  /** Version of the realm file: the one the region runs. */
  v: str(),
  /** Default locale of the region. */
  l: str(),
  cdn: str(),
});
export type Realm = z.output<typeof realmSchema>;

export const languagesSchema = z.array(z.string());

export const imageSchema = z.object({
  full: str(),
  sprite: str(),
  group: str(),
  x: int(),
  y: int(),
  w: int(),
  h: int(),
});
export type ArenaImage = z.output<typeof imageSchema>;
const image = () => imageSchema.prefault({});

const championSummaryFields = {
  version: str(),
  id: z.string(),
  key: str(),
  name: str(),
  title: str(),
  blurb: str(),
  info: z.object({ attack: num(), defense: num(), magic: num(), difficulty: num() }).prefault({}),
  image: image(),
  tags: list(z.string()),
  partype: str(),
  stats: z.record(z.string(), z.number()).default({}),
};

export const championSummarySchema = z.object(championSummaryFields);
export type ChampionSummary = z.output<typeof championSummarySchema>;

/** A champion ability or a summoner spell: the fields the text rules need plus display ones. */
export const spellSchema = spellTextSourceSchema.extend({
  id: str(),
  name: str(),
  description: str(),
  tooltip: str(),
  maxrank: int(),
  resource: str(),
  costType: str(),
  image: image(),
});
export type ArenaSpell = z.output<typeof spellSchema>;

export const skinSchema = z.object({
  // Spec says integer; current files send the number as a string ("266000").
  id: z.union([z.string(), z.number()]).transform(String),
  num: int(),
  name: str(),
  chromas: bool(),
});

export const passiveSchema = z.object({ name: str(), description: str(), image: image() });

export const championDetailSchema = z.object({
  ...championSummaryFields,
  lore: str(),
  allytips: list(z.string()),
  enemytips: list(z.string()),
  skins: list(skinSchema),
  spells: list(spellSchema),
  passive: passiveSchema.prefault({}),
});
export type ChampionDetail = z.output<typeof championDetailSchema>;

const dataFile = <T extends z.ZodType>(entry: T) =>
  z.looseObject({ type: str(), version: str(), data: z.record(z.string(), entry) });

export const championFileSchema = dataFile(championSummarySchema);
export const championDetailFileSchema = dataFile(championDetailSchema);

export const itemSchema = z.object({
  name: str(),
  description: str(),
  colloq: str(),
  plaintext: str(),
  image: image(),
  gold: z.object({ base: num(), purchasable: bool(), total: num(), sell: num() }).prefault({}),
  tags: list(z.string()),
  maps: z.record(z.string(), z.boolean()).default({}),
  stats: z.record(z.string(), z.number()).default({}),
  /** Extra-script variables ("Effect1Amount": "8"): strings in the data. */
  effect: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
  from: list(z.string()),
  into: list(z.string()),
  depth: int(),
  consumed: bool(),
  stacks: int(),
  inStore: z.boolean().default(true),
  hideFromAll: bool(),
  requiredChampion: str(),
  requiredAlly: str(),
  specialRecipe: int(),
});
export const itemFileSchema = dataFile(itemSchema);
export type ItemEntry = z.output<typeof itemSchema>;

export const summonerSpellSchema = spellSchema.extend({
  key: str(),
  summonerLevel: int(),
  modes: list(z.string()),
});
export const summonerFileSchema = dataFile(summonerSpellSchema);
export type SummonerSpellEntry = z.output<typeof summonerSpellSchema>;

export const profileIconSchema = z.object({ id: z.number().int(), image: image() });
export const profileIconFileSchema = dataFile(profileIconSchema);

/** A rune in runesReforged.json; `icon` is relative to `cdn/img/` and carries no version. */
const runeSchema = z.object({
  id: z.number().int(),
  key: str(),
  icon: str(),
  name: str(),
});

/** runesReforged.json: the rune trees (styles), each with its slots of runes; the first slot holds keystones. */
export const runesReforgedFileSchema = z.array(
  runeSchema.extend({ slots: list(z.object({ runes: list(runeSchema) })) }),
);
export type RuneTreeEntry = z.output<typeof runesReforgedFileSchema>[number];

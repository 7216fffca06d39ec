import { z } from 'zod';
import type { RichText } from './richText';

/**
 * Static data (arena game data files, card bundles): cache status and sync progress (pushed state), and the
 * requests of the Data page, the card browser, the deck-code box and the arena tooltips.
 *
 * Images never leave the machine's own origin: request outputs carry paths under STATIC_DATA_URL_PREFIX that the
 * browser host (and the desktop app's protocol) serve from the cache. A null image URL means there is none.
 */

/** In `staticData.cards.search` costs, this value stands for "this cost or more". */
export const CARD_COST_FILTER_MAX = 7;

export type StaticDataSyncPhase =
  'checking' | 'downloading' | 'extracting' | 'indexing' | 'done' | 'failed' | 'cancelled';

export interface StaticDataSyncProgress {
  phase: StaticDataSyncPhase;
  stage: 'arena' | 'cards' | null;
  filesDone: number;
  /**
   * Grows as the sync learns what it needs (image lists come from the data files), and shrinks by each file
   * that is not fetched after all (not on the host, failed, cancelled).
   */
  filesTotal: number;
  /** Bytes received of the files counted in filesTotal. */
  bytesDone: number;
  /** Sum of the announced sizes of those files started so far; grows like filesTotal. */
  bytesTotal: number;
  /** What is being fetched or unpacked now. */
  current: string | null;
}

/** What one sync fetches; null skips that game. */
export interface StaticDataSyncScope {
  arena: { locale: string; region: string } | null;
  /** version: a pinned card-data version folder ("4_3_0"); absent: latest. */
  cards: { locales: string[]; sets: string[]; variant: CardBundleVariant; version?: string } | null;
}

export interface StaticDataSyncRun {
  startedAt: number;
  /** 'refresh': the check the app runs at start over what is already cached. */
  reason: 'user' | 'refresh';
  scope: StaticDataSyncScope;
  progress: StaticDataSyncProgress;
  cancelling: boolean;
}

export type CardBundleVariant = 'lite' | 'full';

export interface StaticDataSyncOutcome {
  /** Everything asked for is cached and current. */
  ok: boolean;
  cancelled: boolean;
  reason: 'user' | 'refresh';
  startedAt: number;
  finishedAt: number;
  arena: { version: string; locale: string; region: string; updated: boolean } | null;
  cards: {
    locale: string;
    cards: number;
    bundles: { name: string; status: 'downloaded' | 'unchanged' | 'failed' }[];
  }[];
  /** Sentences for the user, the failures first. */
  problems: string[];
}

export interface CachedArenaEntry {
  version: string;
  locale: string;
  region: string;
  completedAt: string;
  files: number;
  bytes: number;
}

export interface CachedCardBundle {
  name: string;
  /** What players call it ("Set 8b", "Core"). */
  label: string;
  variant: 'core' | CardBundleVariant;
  /** "latest" or the version folder it came from. */
  folder: string;
  files: number;
  bytes: number;
  completedAt: string;
}

export interface CachedCardLocale {
  locale: string;
  bundles: CachedCardBundle[];
  bytes: number;
  cards: number;
  indexedAt: string | null;
}

/** A patch's offline pack (every image of the patch), downloaded on request. */
export interface CachedPatchPack {
  version: string;
  form: 'tgz' | 'zip';
  files: number;
  /** Unpacked. */
  bytes: number;
  archiveBytes: number;
  completedAt: string;
}

export interface StaticDataCacheSummary {
  cacheDir: string;
  /** Everything under the cache folder, art fetched on demand included. */
  totalBytes: number;
  arena: CachedArenaEntry[];
  cards: CachedCardLocale[];
  packs: CachedPatchPack[];
  /** Archive bytes of a cut or cancelled pack download, kept so the next one continues. */
  partialPackBytes: number;
}

export interface StaticDataPackProgress {
  phase: 'downloading' | 'unpacking' | 'done';
  bytesDone: number;
  /** Null until the host has said the archive's length. */
  bytesTotal: number | null;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

/** The patch's offline pack being downloaded (the Data page's opt-in). */
export interface StaticDataPackRun {
  version: string;
  startedAt: number;
  progress: StaticDataPackProgress;
  cancelling: boolean;
}

export type StaticDataPackOutcome =
  | { ok: true; version: string; files: number; bytes: number; finishedAt: number }
  | {
      ok: false;
      version: string;
      cancelled: boolean;
      message: string;
      /** Archive bytes kept, so the next download continues from them. */
      keptBytes: number;
      finishedAt: number;
    };

export interface StaticDataState {
  /** The sync in progress; its progress is pushed at most ten times a second. */
  sync: StaticDataSyncRun | null;
  /** The pack download in progress, pushed like a sync's. */
  pack: StaticDataPackRun | null;
  lastPack: StaticDataPackOutcome | null;
  lastSync: StaticDataSyncOutcome | null;
  /** Null until the cache has been read once. */
  cache: StaticDataCacheSummary | null;
  /** Goes up whenever the cached data changes (sync, clear), so views refetch what they asked for. */
  revision: number;
  /** Epoch ms when the background sync tries again after a failed one; null when no retry is waiting. */
  retryAt: number | null;
}

export const INITIAL_STATIC_DATA_STATE: StaticDataState = {
  sync: null,
  pack: null,
  lastPack: null,
  lastSync: null,
  cache: null,
  revision: 0,
  retryAt: null,
};

// Requests.

export interface StaticDataStatus {
  cache: StaticDataCacheSummary;
  /** What a sync can ask for, and what views use when they name no locale. */
  options: {
    cardLocales: CardGameLocale[];
    /** The sets, then the adventure bundle; `byDefault`: chosen unless the user unticks it (not the adventure). */
    sets: { name: string; label: string; byDefault: boolean }[];
    defaultCardLocale: string;
    defaultArenaLocale: string;
    /** The region setting: the next sync's default. */
    region: ArenaRegion;
    regions: readonly ArenaRegion[];
    /** The user's language, which the background sync follows: the locale setting, else the system's, else en_us. */
    userLocale: CardGameLocale;
    /** The `staticData.autoSync` setting. */
    autoSync: boolean;
    /** The `staticData.cardVersion` setting: the pinned card-data version ("4_3_0"); null: latest. */
    cardVersion: string | null;
    /** Version folders to offer (the host publishes no list; others can be typed in), newest first. */
    cardVersions: string[];
  };
}

/** What a sync would download now, asked before starting it (`staticData.estimate`). */
export interface StaticDataEstimate {
  scope: StaticDataSyncScope;
  /** Null when the arena data was not asked for or its version could not be checked (see problems). */
  arena: {
    version: string;
    locale: string;
    /** 'cached': that version is already complete in the cache; nothing to download. */
    status: 'cached' | 'download';
    files: number;
    bytes: number;
  } | null;
  cards: {
    locale: string;
    bundles: {
      name: string;
      label: string;
      /** 'cached': current in the cache; 'missing': the host does not publish it (a sync would report it). */
      status: 'cached' | 'download' | 'missing';
      bytes: number;
    }[];
  }[];
  /** Bytes a sync would download now. */
  totalBytes: number;
  /** Part of the total is worked out from a sample of each kind of file (icons, champion details). */
  approximate: boolean;
  problems: string[];
}

export interface CardRegion {
  nameRef: string;
  name: string;
  /** Two letters ("DE"), '' when the globals do not say. */
  abbreviation: string;
  iconUrl: string | null;
}

export interface CardSummary {
  cardCode: string;
  name: string;
  cost: number;
  attack: number;
  health: number;
  /** Localized ("Unit", "Spell"). */
  type: string;
  supertype: string;
  rarity: string;
  rarityRef: string;
  spellSpeed: string;
  set: string;
  collectible: boolean;
  regions: CardRegion[];
  keywords: string[];
  /** The card render (frame, stats and text). */
  imageUrl: string | null;
}

export interface CardSearchPage {
  locale: string;
  /** Cards matching the filters (the page holds at most `limit`). */
  total: number;
  offset: number;
  cards: CardSummary[];
  /** What the filters can offer for this locale; bundles: where cards come from (sets, the adventure bundle). */
  facets: { regions: CardRegion[]; types: string[]; bundles: { name: string; label: string }[] };
}

/** The card record with every field of the bundle, as the bundle holds it (localized and Ref lists aligned). */
export interface CardRecordFields {
  cardCode: string;
  name: string;
  set: string;
  associatedCards: string[];
  associatedCardRefs: string[];
  assets: { gameAbsolutePath: string; fullAbsolutePath: string }[];
  region: string;
  regionRef: string;
  regions: string[];
  regionRefs: string[];
  attack: number;
  cost: number;
  health: number;
  description: string;
  descriptionRaw: string;
  levelupDescription: string;
  levelupDescriptionRaw: string;
  flavorText: string;
  artistName: string;
  keywords: string[];
  keywordRefs: string[];
  spellSpeed: string;
  spellSpeedRef: string;
  rarity: string;
  rarityRef: string;
  subtype: string;
  subtypes: string[];
  supertype: string;
  type: string;
  collectible: boolean;
  formats: string[];
  formatRefs: string[];
}

export interface CardImageUrls {
  card: string | null;
  full: string | null;
  alt: string | null;
  altFull: string | null;
}

export interface CardDetail {
  locale: string;
  card: CardSummary;
  record: CardRecordFields;
  /** The bundle the card came from ("set1"). */
  bundle: string;
  text: { description: RichText; levelupDescription: RichText };
  keywords: { nameRef: string; name: string; description: string }[];
  associated: { cardCode: string; name: string; imageUrl: string | null }[];
  images: CardImageUrls;
}

export interface DeckCardRow {
  cardCode: string;
  count: number;
  /** Null when the cached data does not know the card (another locale or set not synced). */
  card: CardSummary | null;
}

export interface DeckView {
  /** The code as given, trimmed. */
  code: string;
  locale: string;
  /** Cost, then name; unknown cards last. */
  cards: DeckCardRow[];
  totalCards: number;
  /** Copies per cost, index 0…CARD_COST_FILTER_MAX (the last counts that cost and more). */
  manaCurve: number[];
  /** Regions by copies, most first. */
  regions: { region: CardRegion; copies: number }[];
  unknownCards: number;
  /** No card data is cached for the locale: the deck shows codes only. */
  dataMissing: boolean;
}

export interface ArenaSpellView {
  id: string;
  /** Q, W, E, R by position; null past the fourth. */
  slot: 'Q' | 'W' | 'E' | 'R' | null;
  name: string;
  tooltip: RichText;
  /** From the resource template ("60/65/70 Mana", "50/60/70 Health"); empty when the spell names none. */
  cost: RichText;
  /** Seconds per rank ("4/3.5/3"), '' when unknown. */
  cooldown: string;
  imageUrl: string | null;
}

export interface ChampionTooltip {
  id: string;
  key: string;
  name: string;
  title: string;
  version: string;
  locale: string;
  /** The champion's resource ("Mana", "Energy"). */
  resource: string;
  tags: string[];
  imageUrl: string | null;
  passive: { name: string; description: RichText; imageUrl: string | null };
  spells: ArenaSpellView[];
}

export interface ItemTooltip {
  id: string;
  name: string;
  plaintext: string;
  version: string;
  locale: string;
  /** The item's text without its stat block, which `stats` lists formatted. */
  description: RichText;
  stats: { key: string; label: string; display: string; unit: 'flat' | 'percent' | 'per5' }[];
  gold: { base: number; total: number; sell: number; purchasable: boolean };
  from: string[];
  into: string[];
  imageUrl: string | null;
}

/** The stats a set of items grants together (a match record's item row), by spec 2's stat rules. */
export interface ItemSetStats {
  version: string;
  locale: string;
  /** The items counted, in the order asked; a duplicate counts twice. */
  items: { id: string; name: string }[];
  /** IDs the cached data does not have: not counted. */
  missing: string[];
  /** Totals per stat: flat stats and percent stats each summed per stat, item tenacity the highest only. */
  stats: ItemTooltip['stats'];
}

/** A summoner's profile icon (summoner-v4's profileIconId) in the cached Data Dragon data. */
export interface ProfileIconImage {
  id: number;
  /** Null when the cached data has no such icon (the page then draws its plain circle). */
  imageUrl: string | null;
}

export interface ArenaCatalog {
  version: string;
  locale: string;
  champions: { id: string; key: string; name: string; title: string; imageUrl: string | null }[];
  items: { id: string; name: string; goldTotal: number; imageUrl: string | null }[];
  /** id "SummonerFlash" (what the live client's spell key names), key "4" (the match records' spell ID). */
  summonerSpells: { id: string; key: string; name: string; imageUrl: string | null }[];
  /** Rune trees and runes by the numeric id the live client gives (8100 Domination, 8112 Electrocute). */
  runes: { id: number; name: string; imageUrl: string | null }[];
}

/**
 * What players call each card bundle, the one display name of a set wherever Sightline shows it (the Data page's
 * chips, a sync's progress, result and problems, the card library's filter, `data status`). File names and
 * `--sets` use the bundle's name ("set8" is "Set 8b").
 */
const CARD_BUNDLE_LABELS: ReadonlyMap<string, string> = new Map([
  ['core', 'Core'],
  ['set1', 'Set 1'],
  ['set2', 'Set 2'],
  ['set3', 'Set 3'],
  ['set4', 'Set 4'],
  ['set5', 'Set 5'],
  ['set6', 'Set 6'],
  ['set6cde', 'Set 6 (CDE)'],
  ['set7', 'Set 7'],
  ['set7b', 'Set 7b'],
  ['set8', 'Set 8b'],
  ['set9', 'Set 9'],
  ['adventure', 'Adventure'],
]);

export function cardBundleLabel(name: string): string {
  return CARD_BUNDLE_LABELS.get(name) ?? name;
}

/** The card game's languages (spec §2.1); each is a bundle of its own. */
export const CARD_LOCALES = [
  'de_de',
  'en_us',
  'es_es',
  'es_mx',
  'fr_fr',
  'it_it',
  'ja_jp',
  'ko_kr',
  'pl_pl',
  'pt_br',
  'th_th',
  'tr_tr',
  'ru_ru',
  'zh_tw',
] as const;
export type CardGameLocale = (typeof CARD_LOCALES)[number];

/** Card game "en_us" or arena game "en_US"; the core maps one to the other. */
const localeSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2}_[a-zA-Z]{2}$/, 'must be a locale like en_us');
const cardLocaleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}_[a-z]{2}$/, 'must be a card game locale like en_us');
const arenaLocaleSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be an arena game locale like en_US');
const refSchema = z.string().trim().min(1).max(60);

/** Data Dragon realms: each region's game runs its own patch (`realms/{region}.json`). */
export const ARENA_REGIONS = [
  'na',
  'euw',
  'eune',
  'kr',
  'jp',
  'br',
  'lan',
  'las',
  'oce',
  'tr',
  'ru',
  'ph',
  'sg',
  'th',
  'tw',
  'vn',
] as const;
export type ArenaRegion = (typeof ARENA_REGIONS)[number];

const arenaRegionSchema = z.enum(ARENA_REGIONS, { error: 'must be a region like na or euw' });

const settingsLocaleSchema = z
  .enum(CARD_LOCALES, { error: 'must be a card game locale like en_us' })
  .nullable();

/** A card-data version folder, as the host names it ("4_3_0"). */
export const CARD_VERSION_PATTERN = /^\d+_\d+_\d+$/;
const cardVersionSchema = z
  .string()
  .trim()
  .regex(CARD_VERSION_PATTERN, 'must be a card-data version like 4_3_0')
  .nullable();

/**
 * region: the region whose patch the arena data follows; chosen on the Data page and kept for the next sync.
 * autoSync: the user said yes (first-run guide, Data page): the data of their language is downloaded and kept
 * current in the background. locale: their language; null follows the system's (desktop), else en_us.
 * cardVersion: a pinned card-data version (a tournament on an older patch) that syncs, the card library and the
 * deck tracker use; null: latest.
 */
export const staticDataSettingsSchema = z
  .object({
    region: arenaRegionSchema.default('na'),
    autoSync: z.boolean().default(false),
    locale: settingsLocaleSchema.default(null),
    cardVersion: cardVersionSchema.default(null),
  })
  .prefault({});
export const staticDataSettingsPatchSchema = z
  .object({
    region: arenaRegionSchema,
    autoSync: z.boolean(),
    locale: settingsLocaleSchema,
    cardVersion: cardVersionSchema,
  })
  .partial()
  .strict();

/** What one sync fetches: a locale for both games, the card sets, lite or full bundles, the arena region. */
const syncChoicesSchema = z.strictObject({
  locale: localeSchema.optional(),
  sets: z
    .array(z.string().regex(/^[a-z0-9]{1,20}$/, 'must be a set name like set1'))
    .min(1, 'choose at least one set')
    .max(30)
    .optional(),
  variant: z.enum(['lite', 'full']).optional(),
  region: arenaRegionSchema.optional(),
});

export const staticDataRequestInputSchemas = {
  'staticData.status': z.strictObject({}),
  'staticData.sync': syncChoicesSchema,
  /** The same choices as a sync; asks the hosts for sizes and versions, downloads nothing. */
  'staticData.estimate': syncChoicesSchema,
  'staticData.cancel': z.strictObject({}),
  /** Downloads the offline pack of the newest cached patch; a cut one continues where it stopped. */
  'staticData.pack': z.strictObject({}),
  'staticData.cancelPack': z.strictObject({}),
  'staticData.clear': z.strictObject({ scope: z.enum(['all', 'arena', 'cards']).default('all') }),
  'staticData.cards.search': z.strictObject({
    query: z.string().trim().max(100).default(''),
    /** Region nameRefs; a card matches when it has any of them. */
    regions: z.array(refSchema).max(30).default([]),
    costs: z.array(z.number().int().min(0).max(CARD_COST_FILTER_MAX)).max(20).default([]),
    /** Localized type names, as the facets list them. */
    types: z.array(refSchema).max(20).default([]),
    /** Bundle names ("set1", "adventure"), as the facets list them; a card matches when it came from any. */
    bundles: z.array(refSchema).max(30).default([]),
    collectibleOnly: z.boolean().default(true),
    locale: cardLocaleSchema.optional(),
    limit: z.number().int().min(1).max(200).default(48),
    offset: z.number().int().min(0).default(0),
  }),
  'staticData.cards.card': z.strictObject({
    cardCode: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{4,24}$/, 'must be a card code like 01DE012'),
    locale: cardLocaleSchema.optional(),
  }),
  // The decoder itself explains what is wrong with a code, so the schema only bounds its size.
  'staticData.deck.decode': z.strictObject({
    code: z.string().trim().min(1, 'paste a deck code').max(1000),
    locale: cardLocaleSchema.optional(),
  }),
  'staticData.arena.catalog': z.strictObject({ locale: arenaLocaleSchema.optional() }),
  'staticData.arena.champion': z.strictObject({
    /** The string id ("MonkeyKing") or the numeric key ("62"). */
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{1,40}$/, 'must be a champion id like Annie'),
    locale: arenaLocaleSchema.optional(),
  }),
  'staticData.arena.item': z.strictObject({
    id: z
      .string()
      .trim()
      .regex(/^\d{1,8}$/, 'must be an item id like 1001'),
    locale: arenaLocaleSchema.optional(),
  }),
  'staticData.arena.profileIcon': z.strictObject({
    id: z.number().int().min(0).max(99_999_999),
    locale: arenaLocaleSchema.optional(),
  }),
  /** One player's items (six slots and the trinket). */
  'staticData.arena.itemSet': z.strictObject({
    ids: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{1,8}$/, 'must be an item id like 1001'),
      )
      .min(1)
      .max(7),
    locale: arenaLocaleSchema.optional(),
  }),
} as const;

export interface StaticDataRequestOutputs {
  'staticData.status': StaticDataStatus;
  'staticData.sync': { started: true };
  'staticData.estimate': StaticDataEstimate;
  'staticData.cancel': { cancelled: boolean };
  'staticData.pack': { started: true; version: string };
  'staticData.cancelPack': { cancelled: boolean };
  'staticData.clear': StaticDataCacheSummary;
  'staticData.cards.search': CardSearchPage;
  'staticData.cards.card': CardDetail;
  'staticData.deck.decode': DeckView;
  'staticData.arena.catalog': ArenaCatalog;
  'staticData.arena.champion': ChampionTooltip;
  'staticData.arena.item': ItemTooltip;
  'staticData.arena.itemSet': ItemSetStats;
  'staticData.arena.profileIcon': ProfileIconImage;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "1.5 MB": sizes for the Data page and `sightline data status` (powers of 1024, as file managers show). */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const digits = exponent === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[exponent]}`;
}

/** "1.2 MB of 3.4 MB  850 KB/s  3 s left": a pack download's bytes, rate and time left, as far as known. */
export function packProgressText(progress: StaticDataPackProgress): string {
  const total = progress.bytesTotal === null ? '' : ` of ${formatByteSize(progress.bytesTotal)}`;
  const rate = progress.bytesPerSecond === null ? '' : `  ${formatByteSize(progress.bytesPerSecond)}/s`;
  const left = progress.secondsLeft === null ? '' : `  ${timeLeftText(progress.secondsLeft)} left`;
  return `${formatByteSize(progress.bytesDone)}${total}${rate}${left}`;
}

/** "45 s", "3 min 20 s", "1 h 5 min". */
function timeLeftText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

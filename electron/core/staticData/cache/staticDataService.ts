import { mkdir, readFile, rm } from 'node:fs/promises';
import type { Result } from '@shared/contract/errors';
import type { Downloader } from '../../net/download';
import { describeDownloadFailure } from '../../net/download';
import { ensurePrivateDir } from '../../fs/privateDir';
import type { HttpClient } from '../../net/httpClient';
import type { ArenaData } from '../arena/arenaData';
import {
  DEFAULT_DDRAGON_URL,
  DEFAULT_GAME_CONSTANTS_URL,
  arenaPaths,
  isArenaLocale,
  isRegion,
  joinUrl,
} from '../arena/arenaPaths';
import { championDetailFileSchema } from '../arena/arenaSchemas';
import type { ChampionDetail } from '../arena/arenaSchemas';
import { CARD_SET_NAMES, DEFAULT_CARD_DATA_URL, cardLocaleFor, isCardLocale } from '../cards/cardBundles';
import type { BundleVariant, CardLocale } from '../cards/cardBundles';
import type { CardIndex } from '../cards/cardIndex';
import { DEFAULT_ZIP_LIMITS } from '../cards/zipExtraction';
import type { ZipLimits } from '../cards/zipExtraction';
import { loadArenaEntry, newestArenaEntry } from './arenaCache';
import { syncArena } from './arenaSync';
import type { ArenaSyncResult } from './arenaSync';
import { createCacheLayout, pathExists } from './cacheLayout';
import { clearCache, readCacheStatus } from './cacheStatus';
import type { CacheStatus, ClearScope } from './cacheStatus';
import { loadCardIndexFile } from './cardCache';
import { syncCards } from './cardSync';
import type { CardSyncResult } from './cardSync';
import type { ImageSource } from './imageSource';
import { parseJsonText } from './jsonFiles';
import type { SyncContext } from './syncContext';
import { createProgressTracker } from './syncProgress';
import type { SyncProgress } from './syncProgress';
import { createTaskLimiter } from './taskLimiter';
import { warmStartFromCache } from './warmStart';
import type { WarmStart } from './warmStart';

/**
 * The static data of both games, offline first: loads read only the cache; `sync` is the one place that goes to
 * the network, and what it writes becomes visible only once complete.
 */

export interface StaticDataServiceOptions {
  cacheDir: string;
  /** For the small JSON questions (versions, realm). */
  http: HttpClient;
  /** For everything that is cached (data files, images, bundles). */
  download: Downloader;
  ddragonUrl?: string;
  cardDataUrl?: string;
  constantsUrl?: string;
  /** Realm: na, euw, eune, kr, br, jp, lan, las, oce, tr, ru… Default na. */
  region?: string;
  /** Arena game locale ("en_US"). Default en_US. */
  locale?: string;
  /** Card game locale ("en_us"). Default: the closest to `locale`. */
  cardLocale?: CardLocale;
  /** Downloads at once. Default 4. */
  concurrency?: number;
  zipLimits?: Partial<ZipLimits>;
  /** Largest data file or image. Default 64 MiB. */
  maxFileBytes?: number;
  /** Largest bundle zip. Default 4 GiB. */
  maxBundleBytes?: number;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => number;
}

export interface ArenaSyncRequest {
  locale?: string;
  region?: string;
  version?: string;
  /** Default 'icons'. */
  images?: 'icons' | 'none';
  championDetails?: boolean;
  force?: boolean;
}

export interface CardSyncRequest {
  /** Default: the service's card locale. */
  locales?: CardLocale[];
  /** Default: every known set. */
  sets?: string[];
  /** Default 'lite'. */
  variant?: BundleVariant;
  refresh?: boolean;
}

export interface SyncRequest {
  /** false skips the arena game. */
  arena?: ArenaSyncRequest | false;
  /** false skips the card game. */
  cards?: CardSyncRequest | false;
  signal?: AbortSignal;
}

export interface SyncReport {
  /** Everything asked for is cached and current. */
  ok: boolean;
  cancelled: boolean;
  arena: ArenaSyncResult | null;
  cards: CardSyncResult[];
  /** Sentences for the user, the failures first. */
  problems: string[];
}

export interface StaticDataService {
  sync(request?: SyncRequest): Promise<SyncReport>;
  readonly syncing: boolean;
  status(): Promise<CacheStatus>;
  clear(scope?: ClearScope): Promise<Result<null>>;
  /** From the cache only. */
  loadArenaData(locale?: string): Promise<Result<ArenaData>>;
  /** From the cache only. */
  loadCardIndex(locale?: CardLocale): Promise<Result<CardIndex>>;
  /** One champion's detail file: from the cache, else fetched and cached (version of the cached entry). */
  loadChampion(championId: string, locale?: string): Promise<Result<ChampionDetail>>;
  /**
   * An image by its Data Dragon path (from `arenaImagePaths`): the cached file, else fetched into the cache, else
   * (offline, or `fetch: false`) the remote URL.
   */
  arenaImage(path: string, options?: { fetch?: boolean }): Promise<ImageSource>;
  /** Card index and arena data read from disk together, timed; for start-up and the bench. */
  warmStart(): Promise<WarmStart>;
}

const notFound = (message: string): Result<never> => ({ ok: false, error: { code: 'not-found', message } });
const ioError = (message: string): Result<never> => ({ ok: false, error: { code: 'io', message } });
const badInput = (message: string): Result<never> => ({ ok: false, error: { code: 'bad-input', message } });

export function createStaticDataService(options: StaticDataServiceOptions): StaticDataService {
  const layout = createCacheLayout(options.cacheDir);
  const ddragonUrl = options.ddragonUrl ?? DEFAULT_DDRAGON_URL;
  const cardDataUrl = options.cardDataUrl ?? DEFAULT_CARD_DATA_URL;
  const constantsUrl = options.constantsUrl ?? DEFAULT_GAME_CONSTANTS_URL;
  const region = options.region ?? 'na';
  const locale = options.locale ?? 'en_US';
  const cardLocale = options.cardLocale ?? cardLocaleFor(locale);
  const concurrency = options.concurrency ?? 4;
  const zipLimits: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
  const maxFileBytes = options.maxFileBytes ?? 64 * 1024 * 1024;
  const maxBundleBytes = options.maxBundleBytes ?? 4 * 1024 ** 3;
  const now = options.now ?? Date.now;
  const onProgress = options.onProgress ?? (() => undefined);

  let syncing = false;
  // Loads are memoized until the next sync or clear changes the cache.
  const arenaMemo = new Map<string, ArenaData>();
  const cardMemo = new Map<string, CardIndex>();
  const imageFetches = new Map<string, Promise<ImageSource>>();

  async function loadArenaData(wanted = locale): Promise<Result<ArenaData>> {
    if (!isArenaLocale(wanted)) return badInput(`"${wanted}" is not an arena game locale (like en_US).`);
    const memo = arenaMemo.get(wanted);
    if (memo) return { ok: true, value: memo };
    const loaded = await loadArenaEntry(layout, wanted);
    if (!loaded.ok) return loaded.missing ? notFound(loaded.message) : ioError(loaded.message);
    arenaMemo.set(wanted, loaded.data);
    return { ok: true, value: loaded.data };
  }

  async function loadCardIndex(wanted: CardLocale = cardLocale): Promise<Result<CardIndex>> {
    if (!isCardLocale(wanted)) return badInput(`"${String(wanted)}" is not a card game locale (like en_us).`);
    const memo = cardMemo.get(wanted);
    if (memo) return { ok: true, value: memo };
    const loaded = await loadCardIndexFile(layout, wanted);
    if (!loaded.ok) return loaded.missing ? notFound(loaded.message) : ioError(loaded.message);
    cardMemo.set(wanted, loaded.index);
    return { ok: true, value: loaded.index };
  }

  async function sync(request: SyncRequest = {}): Promise<SyncReport> {
    if (syncing) {
      return {
        ok: false,
        cancelled: false,
        arena: null,
        cards: [],
        problems: ['A data sync is already running.'],
      };
    }
    const arenaRequest = request.arena === false ? null : (request.arena ?? {});
    const cardRequest = request.cards === false ? null : (request.cards ?? {});
    const arenaLocale = arenaRequest?.locale ?? locale;
    const arenaRegion = arenaRequest?.region ?? region;
    if (arenaRequest && !isArenaLocale(arenaLocale))
      return refusedReport(`"${arenaLocale}" is not an arena game locale.`);
    if (arenaRequest && !isRegion(arenaRegion))
      return refusedReport(`"${arenaRegion}" is not a region name.`);
    const cardLocales = cardRequest?.locales ?? [cardLocale];
    const badLocale = cardLocales.find((candidate) => !isCardLocale(candidate));
    if (badLocale !== undefined) return refusedReport(`"${badLocale}" is not a card game locale.`);
    const sets = cardRequest?.sets ?? [...CARD_SET_NAMES];
    const unknownSet = sets.find((name) => !CARD_SET_NAMES.includes(name) && name !== 'core');
    if (unknownSet !== undefined) {
      return refusedReport(`"${unknownSet}" is not a known set (${CARD_SET_NAMES.join(', ')}).`);
    }

    syncing = true;
    const progress = createProgressTracker(onProgress, now);
    const limiter = createTaskLimiter(concurrency);
    // Each stage can stop itself on a fatal failure without stopping the next one; the caller's signal stops all.
    const stageContext = (): SyncContext => {
      const controller = new AbortController();
      return {
        layout,
        http: options.http,
        downloader: options.download,
        limiter,
        progress,
        signal: request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal,
        stop: () => controller.abort(),
        now,
        maxFileBytes,
      };
    };
    const report: SyncReport = { ok: true, cancelled: false, arena: null, cards: [], problems: [] };
    try {
      await ensurePrivateDir(options.cacheDir);
      await rm(layout.staging, { recursive: true, force: true });
      await mkdir(layout.staging, { recursive: true });
      if (arenaRequest) {
        const arena = await syncArena(stageContext(), {
          ddragonUrl,
          constantsUrl,
          locale: arenaLocale,
          region: arenaRegion,
          version: arenaRequest.version,
          images: arenaRequest.images ?? 'icons',
          championDetails: arenaRequest.championDetails ?? false,
          force: arenaRequest.force ?? false,
        });
        report.arena = arena;
        if (!arena.ok) report.problems.push(arena.message);
        report.problems.push(...arena.problems);
        report.cancelled ||= !arena.ok && arena.cancelled;
      }
      for (const cardLocaleToSync of cardRequest && !report.cancelled ? cardLocales : []) {
        const cards = await syncCards(stageContext(), {
          cardDataUrl,
          locale: cardLocaleToSync,
          sets,
          variant: cardRequest?.variant ?? 'lite',
          refresh: cardRequest?.refresh ?? false,
          zipLimits,
          maxBundleBytes,
        });
        report.cards.push(cards);
        report.problems.push(...cards.problems);
        if (cards.cancelled) {
          report.cancelled = true;
          break;
        }
      }
    } catch (error) {
      report.problems.push(
        `The cache folder cannot be written (${error instanceof Error ? error.message : String(error)}).`,
      );
    } finally {
      arenaMemo.clear();
      cardMemo.clear();
      await rm(layout.staging, { recursive: true, force: true }).catch(() => undefined);
      syncing = false;
    }
    report.ok = report.problems.length === 0 && !report.cancelled;
    progress.phase(report.cancelled ? 'cancelled' : report.ok ? 'done' : 'failed');
    return report;
  }

  async function loadChampion(championId: string, wanted = locale): Promise<Result<ChampionDetail>> {
    if (!isArenaLocale(wanted)) return badInput(`"${wanted}" is not an arena game locale (like en_US).`);
    const version = await newestArenaEntry(layout, wanted);
    if (version === null) return notFound(`No arena game data is cached for ${wanted}; sync first.`);
    const path = arenaPaths.champion(version, wanted, championId);
    const file = layout.arenaFile(path);
    if (!file) return badInput(`"${championId}" is not a champion id.`);
    const read = async (): Promise<Result<ChampionDetail> | null> => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        return null;
      }
      const parsed = parseJsonText(text, championDetailFileSchema);
      if (!parsed.ok) return ioError(`The cached file of ${championId} is damaged (${parsed.message}).`);
      const detail = parsed.value.data[championId];
      return detail ? { ok: true, value: detail } : notFound(`${championId} is not in its data file.`);
    };
    const cached = await read();
    if (cached) return cached;
    const outcome = await options.download.download({
      url: joinUrl(ddragonUrl, path),
      destination: file,
      maxBytes: maxFileBytes,
    });
    if (outcome.kind === 'http-error' && (outcome.status === 404 || outcome.status === 403)) {
      return notFound(`${championId} is not in the ${version} data.`);
    }
    if (outcome.kind !== 'ok') {
      const reason = outcome.kind === 'not-modified' ? 'unexpected answer' : describeDownloadFailure(outcome);
      return notFound(`${championId}'s details are not cached and could not be fetched (${reason}).`);
    }
    const fetched = await read();
    if (fetched && !fetched.ok) await rm(file, { force: true });
    return fetched ?? ioError(`${championId}'s details could not be saved.`);
  }

  function arenaImage(path: string, imageOptions: { fetch?: boolean } = {}): Promise<ImageSource> {
    const remote: ImageSource = { kind: 'url', url: joinUrl(ddragonUrl, path) };
    const file = layout.arenaFile(path);
    if (!file) return Promise.resolve(remote);
    const pending = imageFetches.get(path);
    if (pending) return pending;
    const local: ImageSource = { kind: 'file', path: file };
    const attempt = (async (): Promise<ImageSource> => {
      if (await pathExists(file)) return local;
      if (imageOptions.fetch === false) return remote;
      const outcome = await options.download.download({
        url: remote.url,
        destination: file,
        maxBytes: maxFileBytes,
      });
      return outcome.kind === 'ok' ? local : remote;
    })().finally(() => imageFetches.delete(path));
    imageFetches.set(path, attempt);
    return attempt;
  }

  async function warmStart(): Promise<WarmStart> {
    const result = await warmStartFromCache(options.cacheDir, { locale, cardLocale });
    arenaMemo.clear();
    cardMemo.clear();
    if (result.arena.ok) arenaMemo.set(locale, result.arena.value);
    if (result.cards.ok) cardMemo.set(cardLocale, result.cards.value);
    return result;
  }

  return {
    sync,
    get syncing() {
      return syncing;
    },
    status: () => readCacheStatus(layout),
    async clear(scope = 'all') {
      if (syncing) return badInput('A data sync is running; cancel it before clearing the cache.');
      try {
        await clearCache(layout, scope);
      } catch (error) {
        return ioError(
          `The cache could not be cleared (${error instanceof Error ? error.message : String(error)}).`,
        );
      } finally {
        arenaMemo.clear();
        cardMemo.clear();
      }
      return { ok: true, value: null };
    },
    loadArenaData,
    loadCardIndex,
    loadChampion,
    arenaImage,
    warmStart,
  };
}

function refusedReport(message: string): SyncReport {
  return { ok: false, cancelled: false, arena: null, cards: [], problems: [message] };
}

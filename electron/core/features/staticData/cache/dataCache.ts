import type { StaticDataSyncProgress } from '@shared/contract';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Result } from '@shared/contract/errors';
import type { Downloader } from '../../../platform/net/download';
import { describeDownloadFailure } from '../../../platform/net/download';
import { ensurePrivateDir } from '../../../platform/fs/privateDir';
import { quarantineFile } from '../../../platform/fs/quarantine';
import type { WriteFailureSink } from '../../../platform/fs/writeFailure';
import type { HttpClient } from '../../../platform/net/httpClient';
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
import {
  CARD_BUNDLE_CHOICES,
  CARD_SET_NAMES,
  DEFAULT_CARD_DATA_URL,
  cardLocaleFor,
  isCardLocale,
  isCardVersion,
} from '../cards/cardBundles';
import type { BundleVariant, CardLocale } from '../cards/cardBundles';
import type { CardIndex } from '../cards/cardIndex';
import { DEFAULT_ZIP_LIMITS } from '../cards/zipExtraction';
import type { ZipLimits } from '../cards/zipExtraction';
import { loadArenaEntry, newestArenaEntry } from './arenaCache';
import { syncArena } from './arenaSync';
import type { ArenaSyncResult } from './arenaSync';
import { INDEX_FILE, MANIFEST_FILE, cardVersionLayout, createCacheLayout, pathExists } from '../cacheLayout';
import { clearCache, readCacheStatus } from './cacheStatus';
import type { CacheStatus, ClearScope } from './cacheStatus';
import { listBundles, loadCardIndexFile, rebuildCardIndex } from './cardCache';
import { syncCards } from './cardSync';
import type { CardSyncResult } from './cardSync';
import type { ImageSource } from '../imageSource';
import { parseJsonText } from './jsonFiles';
import { packImageFile, syncPatchPack } from './patchPack';
import type { PackFailureReason, PackLimits, PackProgress, PackResult } from './patchPack';
import type { SyncContext } from './syncContext';
import { createProgressTracker } from './syncProgress';
import { estimateSync } from './syncEstimate';
import type { SyncEstimate } from './syncEstimate';
import { createTaskLimiter } from './taskLimiter';
import { warmStartFromCache } from './warmStart';
import type { WarmStart } from './warmStart';

/**
 * The static data of both games, offline first: loads read only the cache; `sync` is the one place that goes to
 * the network, and what it writes becomes visible only once complete.
 */

export interface DataCacheOptions {
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
  /** The pinned card-data version ("4_3_0") card loads read, asked at each load; null or absent: latest. */
  cardVersion?: () => string | null;
  /** Downloads at once. Default 4. */
  concurrency?: number;
  zipLimits?: Partial<ZipLimits>;
  /** Largest data file or image. Default 64 MiB. */
  maxFileBytes?: number;
  /** Largest bundle zip. Default 4 GiB. */
  maxBundleBytes?: number;
  packLimits?: Partial<PackLimits>;
  onProgress?: (progress: StaticDataSyncProgress) => void;
  now?: () => number;
  /** Told of a damaged index file moved aside when it was loaded, with what that cost. */
  onMovedAside?: (moved: { path: string; movedTo: string; problem: string; reset: string }) => void;
  /** Told of a damaged index that could not be moved aside or rebuilt: a read-only or full folder is said once. */
  writeFailed?: WriteFailureSink;
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
  /** Default: every known set. "adventure" asks for the adventure bundle too. */
  sets?: string[];
  /** A card-data version folder ("4_3_0") to sync instead of latest; null or absent: latest. */
  version?: string | null;
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

export interface PackRequest {
  /** Default: the newest arena version cached for the service's locale. */
  version?: string;
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: PackProgress) => void;
}

export interface DataCache {
  sync(request?: SyncRequest): Promise<SyncReport>;
  /** The patch's offline pack (every image of the patch), opt-in; one at a time. */
  syncPack(request?: PackRequest): Promise<PackResult>;
  /** What `sync(request)` would download now; asks the hosts, writes nothing. */
  estimate(request?: SyncRequest): Promise<Result<SyncEstimate>>;
  readonly syncing: boolean;
  /** What is cached; the card part of a card-data version's cache when one is named ("4_3_0"), else latest's. */
  status(cardVersion?: string | null): Promise<CacheStatus>;
  clear(scope?: ClearScope): Promise<Result<null>>;
  /** From the cache only. */
  loadArenaData(locale?: string): Promise<Result<ArenaData>>;
  /** From the cache only: the pinned version's data when one is pinned. */
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

export function createDataCache(options: DataCacheOptions): DataCache {
  const baseLayout = createCacheLayout(options.cacheDir);
  const layout = baseLayout;
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
  const pinnedVersion = options.cardVersion ?? (() => null);

  let syncing = false;
  let packing = false;
  // Loads are memoized until the next sync or clear changes the cache.
  const arenaMemo = new Map<string, ArenaData>();
  const cardMemo = new Map<string, CardIndex>();
  const imageFetches = new Map<string, Promise<ImageSource>>();

  /**
   * Moves a damaged index aside (its bytes kept, see quarantineFile); false when it could not be moved. The
   * index is derived from downloaded files, which stay: what it costs is rebuilding it.
   */
  async function moveIndexAside(
    path: string,
    problem: string,
    reset: () => Promise<string>,
  ): Promise<boolean> {
    try {
      const { movedTo } = await quarantineFile(path, { now });
      options.onMovedAside?.({ path, movedTo, problem, reset: await reset() });
      return true;
    } catch (error) {
      // Left where it is: loads report it damaged, as before.
      options.writeFailed?.(error, 'game data');
      return false;
    }
  }

  async function loadArenaData(wanted = locale): Promise<Result<ArenaData>> {
    if (!isArenaLocale(wanted)) return badInput(`"${wanted}" is not an arena game locale (like en_US).`);
    const memo = arenaMemo.get(wanted);
    if (memo) return { ok: true, value: memo };
    const loaded = await loadArenaEntry(layout, wanted);
    if (!loaded.ok && loaded.damage !== undefined) {
      const version = await newestArenaEntry(layout, wanted);
      const entry = version === null ? null : layout.arenaEntry(version, wanted);
      if (
        entry &&
        (await moveIndexAside(join(entry, INDEX_FILE), loaded.damage, async () => {
          // Without its manifest the entry is incomplete, so the next sync builds it again (reusing its files).
          await rm(join(entry, MANIFEST_FILE), { force: true });
          return 'the arena game data is set up again at the next sync (files already downloaded are reused)';
        }))
      ) {
        return notFound(`No arena game data is cached for ${wanted}; sync first.`);
      }
    }
    if (!loaded.ok) return loaded.missing ? notFound(loaded.message) : ioError(loaded.message);
    arenaMemo.set(wanted, loaded.data);
    return { ok: true, value: loaded.data };
  }

  async function loadCardIndex(wanted: CardLocale = cardLocale): Promise<Result<CardIndex>> {
    if (!isCardLocale(wanted)) return badInput(`"${String(wanted)}" is not a card game locale (like en_us).`);
    const version = pinnedVersion();
    const memoKey = `${version ?? 'latest'}/${wanted}`;
    const memo = cardMemo.get(memoKey);
    if (memo) return { ok: true, value: memo };
    const layout = cardVersionLayout(baseLayout, version);
    let loaded = await loadCardIndexFile(layout, wanted);
    if (!loaded.ok && loaded.damage !== undefined) {
      const path = join(layout.cardLocale(wanted), INDEX_FILE);
      let rebuilt = false;
      const moved = await moveIndexAside(path, loaded.damage, async () => {
        // The downloaded bundles are all it is made of; a sync under way rebuilds it itself.
        if (!syncing && (await listBundles(layout, wanted)).length > 0) {
          try {
            await rebuildCardIndex(layout, wanted, new Date(now()));
            rebuilt = true;
          } catch (error) {
            // The next sync rebuilds it.
            options.writeFailed?.(error, 'game data');
          }
        }
        return rebuilt
          ? 'the card index was rebuilt from the downloaded cards'
          : 'the card index is rebuilt at the next sync (downloaded cards are reused)';
      });
      if (moved) {
        loaded = rebuilt
          ? await loadCardIndexFile(layout, wanted)
          : { ok: false, missing: true, message: `No card data is cached for ${wanted}; sync first.` };
      }
    }
    if (!loaded.ok && loaded.missing && version !== null) {
      return notFound(`No card data of version ${version} is cached for ${wanted}; sync that version first.`);
    }
    if (!loaded.ok) return loaded.missing ? notFound(loaded.message) : ioError(loaded.message);
    cardMemo.set(memoKey, loaded.index);
    return { ok: true, value: loaded.index };
  }

  /** A request with the service's defaults filled in, or what is wrong with it. */
  function resolveRequest(request: SyncRequest): Result<{
    arenaRequest: ArenaSyncRequest | null;
    cardRequest: CardSyncRequest | null;
    arenaLocale: string;
    arenaRegion: string;
    cardLocales: CardLocale[];
    sets: string[];
    cardVersion: string | null;
  }> {
    const arenaRequest = request.arena === false ? null : (request.arena ?? {});
    const cardRequest = request.cards === false ? null : (request.cards ?? {});
    const arenaLocale = arenaRequest?.locale ?? locale;
    const arenaRegion = arenaRequest?.region ?? region;
    if (arenaRequest && !isArenaLocale(arenaLocale))
      return badInput(`"${arenaLocale}" is not an arena game locale.`);
    if (arenaRequest && !isRegion(arenaRegion)) return badInput(`"${arenaRegion}" is not a region name.`);
    const cardLocales = cardRequest?.locales ?? [cardLocale];
    const badLocale = cardLocales.find((candidate) => !isCardLocale(candidate));
    if (badLocale !== undefined) return badInput(`"${badLocale}" is not a card game locale.`);
    const sets = cardRequest?.sets ?? [...CARD_SET_NAMES];
    const unknownSet = sets.find((name) => !CARD_BUNDLE_CHOICES.includes(name) && name !== 'core');
    if (unknownSet !== undefined) {
      return badInput(`"${unknownSet}" is not a known set (${CARD_BUNDLE_CHOICES.join(', ')}).`);
    }
    const cardVersion = cardRequest?.version ?? null;
    if (cardVersion !== null && !isCardVersion(cardVersion)) {
      return badInput(`"${cardVersion}" is not a card-data version (like 4_3_0).`);
    }
    return {
      ok: true,
      value: { arenaRequest, cardRequest, arenaLocale, arenaRegion, cardLocales, sets, cardVersion },
    };
  }

  async function estimate(request: SyncRequest = {}): Promise<Result<SyncEstimate>> {
    const resolved = resolveRequest(request);
    if (!resolved.ok) return resolved;
    const { arenaRequest, cardRequest, arenaLocale, arenaRegion, cardLocales, sets, cardVersion } =
      resolved.value;
    const value = await estimateSync(
      {
        layout,
        http: options.http,
        ddragonUrl,
        constantsUrl,
        cardDataUrl,
        signal: request.signal,
      },
      {
        arena: arenaRequest
          ? {
              locale: arenaLocale,
              region: arenaRegion,
              images: arenaRequest.images ?? 'icons',
              championDetails: arenaRequest.championDetails ?? false,
            }
          : null,
        cards: cardRequest
          ? { locales: cardLocales, sets, variant: cardRequest.variant ?? 'lite', version: cardVersion }
          : null,
      },
    );
    return { ok: true, value };
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
    const resolved = resolveRequest(request);
    if (!resolved.ok) return refusedReport(resolved.error.message);
    const { arenaRequest, cardRequest, arenaLocale, arenaRegion, cardLocales, sets, cardVersion } =
      resolved.value;

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
          version: cardVersion,
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

  async function syncPack(request: PackRequest = {}): Promise<PackResult> {
    const version = request.version ?? (await newestArenaEntry(layout, locale));
    const refused = (reason: PackFailureReason, message: string): PackResult => ({
      ok: false,
      version: version ?? '',
      reason,
      message,
      keptBytes: 0,
    });
    if (version === null)
      return refused('not-published', `No arena game data is cached for ${locale}; sync first.`);
    if (packing) return refused('busy', 'A pack download is already running.');
    packing = true;
    try {
      await ensurePrivateDir(options.cacheDir);
      return await syncPatchPack({
        layout,
        download: options.download,
        ddragonUrl,
        version,
        now,
        ...(options.packLimits ? { limits: options.packLimits } : {}),
        ...(request.force ? { force: true } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return refused('io', `The cache folder cannot be written (${detail}).`);
    } finally {
      packing = false;
    }
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
      // A downloaded patch pack holds every image of its patch: no request to the host.
      const packed = await packImageFile(layout, path);
      if (packed) return { kind: 'file', path: packed };
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
    if (result.cards.ok) cardMemo.set(`latest/${cardLocale}`, result.cards.value);
    return result;
  }

  return {
    sync,
    syncPack,
    estimate,
    get syncing() {
      return syncing;
    },
    status: (cardVersion = null) => readCacheStatus(cardVersionLayout(layout, cardVersion)),
    async clear(scope = 'all') {
      if (syncing || packing) return badInput('A data sync is running; cancel it before clearing the cache.');
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

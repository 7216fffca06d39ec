import type { z } from 'zod';
import type { StaticDataEstimate } from '@shared/contract/staticData';
import { describeFailure } from '../../../platform/net/httpClient';
import type { HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { GAME_CONSTANT_FILES, arenaPaths, joinUrl } from '../arena/arenaPaths';
import {
  championFileSchema,
  itemFileSchema,
  runesReforgedFileSchema,
  summonerFileSchema,
} from '../arena/arenaSchemas';
import type { BundleVariant, CardLocale } from '../cards/cardBundles';
import { readArenaManifest } from './arenaCache';
import { arenaIconPaths, checkArenaVersion } from './arenaSync';
import { cardVersionLayout } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { readBundleManifest } from './cardCache';
import { bundlePlan, conditionalHeaders } from './cardSync';

/**
 * What a sync would download, asked before it starts ("12 MB"): the card bundles' sizes from HEAD requests (with
 * the cached bundle's ETag, so a current one answers 304 and counts nothing), the arena version the realm runs
 * and, when it is not cached yet, its data files' sizes and the icons and champion details they name, sized from
 * one sample of each kind. Nothing is written.
 */

export interface SyncEstimateTarget {
  arena: { locale: string; region: string; images: 'icons' | 'none'; championDetails: boolean } | null;
  cards: {
    locales: readonly CardLocale[];
    sets: readonly string[];
    variant: BundleVariant;
    /** A pinned card-data version; null: latest. */
    version?: string | null;
  } | null;
}

/** The contract's estimate without what the feature adds (the scope it was asked for, bundle labels). */
export interface SyncEstimate extends Omit<StaticDataEstimate, 'scope' | 'cards'> {
  cards: {
    locale: CardLocale;
    bundles: Omit<StaticDataEstimate['cards'][number]['bundles'][number], 'label'>[];
  }[];
}

export interface SyncEstimateDeps {
  layout: CacheLayout;
  http: HttpClient;
  ddragonUrl: string;
  constantsUrl: string;
  cardDataUrl: string;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 15_000;

type HeadResult =
  | { kind: 'size'; bytes: number | null }
  | { kind: 'unchanged' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

export async function estimateSync(
  deps: SyncEstimateDeps,
  target: SyncEstimateTarget,
): Promise<SyncEstimate> {
  const problems: string[] = [];
  const [arena, cards] = await Promise.all([
    target.arena ? estimateArena(deps, target.arena, problems) : null,
    Promise.all((target.cards?.locales ?? []).map((locale) => estimateCards(deps, locale, target, problems))),
  ]);
  const totalBytes =
    (arena?.estimate.bytes ?? 0) + cards.flat().reduce((sum, bundle) => sum + bundle.bytes, 0);
  return {
    arena: arena?.estimate ?? null,
    cards: (target.cards?.locales ?? []).map((locale, i) => ({ locale, bundles: cards[i] ?? [] })),
    totalBytes,
    approximate: arena?.approximate ?? false,
    problems,
  };
}

async function estimateArena(
  deps: SyncEstimateDeps,
  target: NonNullable<SyncEstimateTarget['arena']>,
  problems: string[],
): Promise<{ estimate: NonNullable<SyncEstimate['arena']>; approximate: boolean } | null> {
  const check = await checkArenaVersion(deps.http, deps.ddragonUrl, target.region, deps.signal);
  if (!check.ok) {
    problems.push(check.message);
    return null;
  }
  const { version } = check;
  const { locale } = target;
  if (await readArenaManifest(deps.layout, version, locale)) {
    return { estimate: { version, locale, status: 'cached', files: 0, bytes: 0 }, approximate: false };
  }
  const ddragon = (path: string): string => joinUrl(deps.ddragonUrl, path);
  // The listings are small and name everything else: read (not kept) to count the icons and details.
  const [champion, item, summoner, runes] = await Promise.all([
    getJson(deps, ddragon(arenaPaths.dataFile(version, locale, 'champion')), championFileSchema),
    getJson(deps, ddragon(arenaPaths.dataFile(version, locale, 'item')), itemFileSchema),
    getJson(deps, ddragon(arenaPaths.dataFile(version, locale, 'summoner')), summonerFileSchema),
    getJson(deps, ddragon(arenaPaths.dataFile(version, locale, 'runesReforged')), runesReforgedFileSchema),
  ]);
  if (!champion.ok || !item.ok || !summoner.ok) {
    const failed = [champion, item, summoner].find((listing) => !listing.ok);
    problems.push(`Arena data ${version}: ${failed && !failed.ok ? failed.message : 'unreadable'}`);
    return null;
  }
  const otherFiles = [
    ddragon(arenaPaths.dataFile(version, locale, 'profileicon')),
    ddragon(arenaPaths.languages()),
    ...GAME_CONSTANT_FILES.map((name) => joinUrl(deps.constantsUrl, `${name}.json`)),
  ];
  const icons = arenaIconPaths(version, {
    champion: champion.value,
    item: item.value,
    summoner: summoner.value,
    runesReforged: runes.ok ? runes.value : [],
  });
  const details = target.championDetails
    ? Object.keys(champion.value.data).map((id) => arenaPaths.champion(version, locale, id))
    : [];
  const kinds = [...(target.images === 'icons' ? Object.values(icons.byKind) : []), details];
  const [otherSizes, sampleSizes] = await Promise.all([
    Promise.all(otherFiles.map((url) => headSize(deps, url))),
    Promise.all(kinds.map((paths) => (paths[0] ? headSize(deps, ddragon(paths[0])) : null))),
  ]);
  const sizeOf = (head: HeadResult | null): number => (head?.kind === 'size' ? (head.bytes ?? 0) : 0);
  const listed = [champion, item, summoner, runes].reduce(
    (sum, listing) => sum + (listing.ok ? listing.bytes : 0),
    0,
  );
  const sampled = kinds.reduce((sum, paths, i) => sum + paths.length * sizeOf(sampleSizes[i] ?? null), 0);
  const bytes = listed + otherSizes.reduce((sum, head) => sum + sizeOf(head), 0) + sampled;
  const files = 4 + otherFiles.length + (target.images === 'icons' ? icons.all.size : 0) + details.length;
  return { estimate: { version, locale, status: 'download', files, bytes }, approximate: sampled > 0 };
}

async function estimateCards(
  deps: SyncEstimateDeps,
  locale: CardLocale,
  target: SyncEstimateTarget,
  problems: string[],
): Promise<SyncEstimate['cards'][number]['bundles']> {
  const cards = target.cards;
  if (!cards) return [];
  const names = ['core', ...cards.sets.filter((name) => name !== 'core')];
  return Promise.all(
    names.map(async (name) => {
      const layout = cardVersionLayout(deps.layout, cards.version ?? null);
      const existing = await readBundleManifest(layout, locale, name);
      const { keep, sources } = bundlePlan(existing, name, {
        locale,
        variant: cards.variant,
        refresh: false,
        version: cards.version ?? null,
      });
      for (const source of sources) {
        const url = joinUrl(deps.cardDataUrl, source.path);
        const head = await headSize(deps, url, keep?.url === url ? conditionalHeaders(keep) : undefined);
        if (head.kind === 'missing') continue;
        if (head.kind === 'unchanged') return { name, status: 'cached' as const, bytes: 0 };
        if (head.kind === 'failed') problems.push(`${source.path}: ${head.message}`);
        return { name, status: 'download' as const, bytes: head.kind === 'size' ? (head.bytes ?? 0) : 0 };
      }
      return { name, status: 'missing' as const, bytes: 0 };
    }),
  );
}

async function headSize(
  deps: SyncEstimateDeps,
  url: string,
  headers?: Record<string, string>,
): Promise<HeadResult> {
  const outcome = await deps.http.send({
    method: 'HEAD',
    url,
    headers,
    responseType: 'text',
    signal: deps.signal,
    timeoutMs: TIMEOUT_MS,
  });
  if (outcome.kind === 'ok') return { kind: 'size', bytes: contentLength(outcome) };
  if (outcome.kind === 'http-error' && outcome.status === 304) return { kind: 'unchanged' };
  // S3-style hosts answer 403 for a file they do not have.
  if (outcome.kind === 'http-error' && (outcome.status === 403 || outcome.status === 404))
    return { kind: 'missing' };
  return { kind: 'failed', message: describeFailure(outcome) };
}

async function getJson<S extends z.ZodType>(
  deps: SyncEstimateDeps,
  url: string,
  schema: S,
): Promise<{ ok: true; value: z.output<S>; bytes: number } | { ok: false; message: string }> {
  const outcome = await deps.http.send({ url, signal: deps.signal, timeoutMs: TIMEOUT_MS });
  if (outcome.kind !== 'ok') return { ok: false, message: describeFailure(outcome) };
  const parsed = schema.safeParse(outcome.body);
  if (!parsed.success) return { ok: false, message: 'unexpected content' };
  return {
    ok: true,
    value: parsed.data,
    bytes: contentLength(outcome) ?? JSON.stringify(outcome.body).length,
  };
}

function contentLength(outcome: Extract<HttpOutcome, { kind: 'ok' }>): number | null {
  const value = Number(outcome.headers['content-length']);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeIoError } from '../../../platform/net/download';
import type { z } from 'zod';
import { describeFailure } from '../../../platform/net/httpClient';
import type { HttpClient } from '../../../platform/net/httpClient';
import { buildArenaIndex, listRunes } from '../arena/arenaData';
import { GAME_CONSTANT_FILES, arenaImagePaths, arenaPaths, joinUrl } from '../arena/arenaPaths';
import {
  championDetailFileSchema,
  championFileSchema,
  itemFileSchema,
  languagesSchema,
  profileIconFileSchema,
  realmSchema,
  runesReforgedFileSchema,
  summonerFileSchema,
  versionsSchema,
} from '../arena/arenaSchemas';
import { chooseArenaVersion } from '../arena/arenaVersions';
import { EMPTY_GAME_CONSTANTS, gameConstantSchemas } from '../arena/gameConstants';
import type { GameConstants } from '../arena/gameConstants';
import { ARENA_MANIFEST_FORMAT, pruneArenaEntries, readArenaManifest } from './arenaCache';
import type { ArenaManifest } from './arenaCache';
import { INDEX_FILE, MANIFEST_FILE, pathExists } from '../cacheLayout';
import { readJsonFile, writeJsonFile } from './jsonFiles';
import { fetchFailure, fetchFile, fetchJsonInto, firstFatal, runAll } from './syncContext';
import type { FetchFailure, FetchFile, FetchJson, SyncContext, TaskContext } from './syncContext';

export interface ArenaSyncOptions {
  ddragonUrl: string;
  constantsUrl: string;
  locale: string;
  /** Realm file name: na, euw, kr… */
  region: string;
  /** Pin a version instead of asking the realm. */
  version?: string;
  /** Square icons of champions, items and summoner spells ('icons'), or none. Other art is fetched on demand. */
  images: 'icons' | 'none';
  /** Also fetch every champion's detail file (spells, skins); otherwise each is fetched when first opened. */
  championDetails: boolean;
  /** Fetch again even when a complete entry exists. */
  force: boolean;
}

export type ArenaSyncResult =
  | {
      ok: true;
      version: string;
      locale: string;
      region: string;
      /** False when the cached entry was already the realm's version. */
      updated: boolean;
      files: number;
      bytes: number;
      problems: string[];
    }
  | { ok: false; cancelled: boolean; message: string; problems: string[] };

export async function syncArena(ctx: SyncContext, options: ArenaSyncOptions): Promise<ArenaSyncResult> {
  const { layout } = ctx;
  const problems: string[] = [];
  const url = (path: string): string => joinUrl(options.ddragonUrl, path);
  ctx.progress.phase('checking', 'arena');

  let version = options.version ?? null;
  let realmVersion: string | null = null;
  if (version === null) {
    const check = await checkArenaVersion(ctx.http, options.ddragonUrl, options.region, ctx.signal);
    problems.push(...check.problems);
    if (!check.ok) return check.cancelled ? cancelled(problems) : { ...check, problems };
    version = check.version;
    realmVersion = check.realmVersion;
  }

  const existing = await readArenaManifest(layout, version, options.locale);
  if (existing && !options.force) {
    return {
      ok: true,
      version,
      locale: options.locale,
      region: options.region,
      updated: false,
      files: existing.files.length,
      bytes: existing.bytes,
      problems,
    };
  }

  ctx.progress.phase('downloading', 'arena');
  const v = version;
  const files = new Map<string, number>();
  const record = <T extends FetchJson<unknown> | FetchFile>(path: string, result: T): T => {
    if (result.ok) files.set(path, result.bytes);
    return result;
  };
  // Versioned paths never change, so a valid cached copy is reused; the unversioned ones are fetched again.
  const reuse = !options.force;
  const required = <S extends z.ZodType>(path: string, schema: S) =>
    slot(async (task) => {
      const destination = layout.arenaFile(path);
      if (!destination) return unsafePath(path);
      const url = joinUrl(options.ddragonUrl, path);
      const result = await fetchJsonInto(task, url, destination, path, schema, reuse);
      // Without any one of these there is no entry, even if the host merely lacks the file.
      return record(path, result.ok || result.cancelled ? result : fetchFailure(result.message, 'fatal'));
    });
  // Languages and constants only label things: a failure keeps the copy of an earlier sync, or goes without.
  const optional = <S extends z.ZodType>(url: string, path: string, schema: S) =>
    slot(async (task) => record(path, await fetchOptionalJson(task, url, path, schema)));

  const champion = required(arenaPaths.dataFile(v, options.locale, 'champion'), championFileSchema);
  const item = required(arenaPaths.dataFile(v, options.locale, 'item'), itemFileSchema);
  const summoner = required(arenaPaths.dataFile(v, options.locale, 'summoner'), summonerFileSchema);
  const profileicon = required(arenaPaths.dataFile(v, options.locale, 'profileicon'), profileIconFileSchema);
  const languages = optional(url(arenaPaths.languages()), arenaPaths.languages(), languagesSchema);
  // Runes only give keystones their icons and names; patches before runes have none.
  const runesPath = arenaPaths.dataFile(v, options.locale, 'runesReforged');
  const runesReforged = optional(url(runesPath), runesPath, runesReforgedFileSchema);
  // Constants live on another host ("{constantsUrl}/queues.json"), mirrored as "constants/queues.json".
  const constants = GAME_CONSTANT_FILES.map((name) =>
    optional(
      joinUrl(options.constantsUrl, `${name}.json`),
      `constants/${name}.json`,
      gameConstantSchemas[name],
    ),
  );
  const dataSlots: { task: (task: TaskContext) => Promise<FetchJson<unknown>> }[] = [
    champion,
    item,
    summoner,
    profileicon,
    runesReforged,
    languages,
    ...constants,
  ];
  const dataResults = await runAll(
    ctx,
    dataSlots.map((entry) => entry.task),
  );
  const stop = firstFatal(dataResults);
  if (stop) return failed(stop, problems);
  for (const result of dataResults) if (!result.ok && !result.cancelled) problems.push(result.message);
  const parsed = {
    champion: champion.value(),
    item: item.value(),
    summoner: summoner.value(),
    profileicon: profileicon.value(),
  };
  if (!parsed.champion || !parsed.item || !parsed.summoner || !parsed.profileicon) return cancelled(problems);

  const extraTasks: ((task: TaskContext) => Promise<FetchFile | FetchJson<unknown>>)[] = [];
  if (options.images === 'icons') {
    const icons = arenaIconPaths(v, {
      champion: parsed.champion,
      item: parsed.item,
      summoner: parsed.summoner,
      runesReforged: runesReforged.value() ?? [],
    });
    for (const path of icons.all)
      extraTasks.push((task) => imageTask(task, options.ddragonUrl, path, record));
  }
  if (options.championDetails) {
    for (const id of Object.keys(parsed.champion.data)) {
      extraTasks.push(required(arenaPaths.champion(v, options.locale, id), championDetailFileSchema).task);
    }
  }
  const extraResults = await runAll(ctx, extraTasks);
  const extraStop = firstFatal(extraResults);
  if (extraStop) return failed(extraStop, problems);
  for (const result of extraResults) if (!result.ok) problems.push(result.message);

  ctx.progress.phase('indexing', 'arena');
  const constantValues = Object.fromEntries(
    GAME_CONSTANT_FILES.map((name, i) => [name, constants[i]?.value() ?? EMPTY_GAME_CONSTANTS[name]]),
  ) as GameConstants;
  const index = buildArenaIndex({
    version: v,
    locale: options.locale,
    champion: parsed.champion,
    item: parsed.item,
    summoner: parsed.summoner,
    profileicon: parsed.profileicon,
    runesReforged: runesReforged.value() ?? null,
    languages: languages.value() ?? [],
    constants: constantValues,
    now: new Date(ctx.now()),
  });
  const manifest: ArenaManifest = {
    format: ARENA_MANIFEST_FORMAT,
    version: v,
    locale: options.locale,
    region: options.region,
    realmVersion,
    completedAt: new Date(ctx.now()).toISOString(),
    files: [...files].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => a.path.localeCompare(b.path)),
    bytes: [...files.values()].reduce((sum, bytes) => sum + bytes, 0),
  };
  const entry = layout.arenaEntry(v, options.locale);
  try {
    await writeJsonFile(join(entry, INDEX_FILE), index);
    // Last: the manifest is what makes the entry complete.
    await writeJsonFile(join(entry, MANIFEST_FILE), manifest);
    await pruneArenaEntries(layout, v, options.locale);
  } catch (error) {
    return { ok: false, cancelled: false, message: `Arena data: ${describeIoError(error)}`, problems };
  }
  return {
    ok: true,
    version: v,
    locale: options.locale,
    region: options.region,
    updated: true,
    files: manifest.files.length,
    bytes: manifest.bytes,
    problems,
  };
}

export type ArenaVersionCheck =
  | { ok: true; version: string; realmVersion: string | null; problems: string[] }
  | { ok: false; cancelled: boolean; message: string; problems: string[] };

/** The version to sync: the one the region's realm runs, checked against the versions list (spec §2.2). */
export async function checkArenaVersion(
  http: HttpClient,
  ddragonUrl: string,
  region: string,
  signal?: AbortSignal,
): Promise<ArenaVersionCheck> {
  const problems: string[] = [];
  const url = (path: string): string => joinUrl(ddragonUrl, path);
  const [versionsOutcome, realmOutcome] = await Promise.all([
    http.send({ url: url(arenaPaths.versions()), signal, timeoutMs: 15_000 }),
    http.send({ url: url(arenaPaths.realm(region)), signal, timeoutMs: 15_000 }),
  ]);
  if (signal?.aborted) return { ok: false, cancelled: true, message: 'Cancelled.', problems };
  let versions: string[] = [];
  let realmVersion: string | null = null;
  if (versionsOutcome.kind === 'ok') {
    const parsed = versionsSchema.safeParse(versionsOutcome.body);
    if (parsed.success) versions = parsed.data;
    else problems.push('Data Dragon versions.json: unexpected content');
  }
  if (realmOutcome.kind === 'ok') {
    const parsed = realmSchema.safeParse(realmOutcome.body);
    if (parsed.success) realmVersion = parsed.data.v || parsed.data.n.champion || null;
    else problems.push(`Realm "${region}": unexpected content`);
  } else {
    problems.push(`Realm "${region}": ${describeFailure(realmOutcome)}`);
  }
  if (versionsOutcome.kind !== 'ok' && realmVersion === null) {
    return {
      ok: false,
      cancelled: false,
      message: `Data Dragon is not reachable (${describeFailure(versionsOutcome)}); the cached data stays in use.`,
      problems,
    };
  }
  const choice = chooseArenaVersion(versions, realmVersion);
  if (!choice.ok) return { ok: false, cancelled: false, message: choice.message, problems };
  return { ok: true, version: choice.version, realmVersion, problems };
}

/** The square icons a sync keeps: champions, items, summoner spells, and runes (by kind, for estimates). */
export function arenaIconPaths(
  version: string,
  data: {
    champion: z.output<typeof championFileSchema>;
    item: z.output<typeof itemFileSchema>;
    summoner: z.output<typeof summonerFileSchema>;
    runesReforged: z.output<typeof runesReforgedFileSchema>;
  },
): { byKind: Record<'champion' | 'item' | 'summoner' | 'rune', string[]>; all: Set<string> } {
  const byKind = {
    champion: Object.values(data.champion.data).map((c) => arenaImagePaths.fromImage(version, c.image)),
    item: Object.values(data.item.data).map((i) => arenaImagePaths.fromImage(version, i.image)),
    summoner: Object.values(data.summoner.data).map((s) => arenaImagePaths.fromImage(version, s.image)),
    // Rune icons with an unsafe path are left out rather than failing the sync; their keystones show as text.
    rune: listRunes(data.runesReforged).flatMap((rune) => (rune.imagePath ? [rune.imagePath] : [])),
  };
  const all = new Set([...byKind.champion, ...byKind.item, ...byKind.summoner, ...byKind.rune]);
  for (const kind of Object.keys(byKind) as (keyof typeof byKind)[])
    byKind[kind] = [...new Set(byKind[kind])];
  return { byKind, all };
}

/** A task that keeps its parsed value, so results are read by name rather than by position. */
function slot<T>(run: (task: TaskContext) => Promise<FetchJson<T>>): {
  task: (task: TaskContext) => Promise<FetchJson<T>>;
  value: () => T | undefined;
} {
  let value: T | undefined;
  return {
    task: async (task) => {
      const result = await run(task);
      if (result.ok) value = result.value;
      return result;
    },
    value: () => value,
  };
}

async function fetchOptionalJson<S extends z.ZodType>(
  ctx: TaskContext,
  url: string,
  path: string,
  schema: S,
): Promise<FetchJson<z.output<S>>> {
  const destination = ctx.layout.arenaFile(path);
  if (!destination) return unsafePath(path);
  const fetched = await fetchJsonInto(ctx, url, destination, path, schema, false);
  if (fetched.ok || fetched.cancelled) return fetched;
  const cached = await readJsonFile(destination, schema);
  if (cached.ok) return { ok: true, value: cached.value, bytes: (await stat(destination)).size };
  return fetchFailure(fetched.message, fetched.missing ? 'missing' : 'skipped');
}

async function imageTask(
  ctx: TaskContext,
  ddragonUrl: string,
  path: string,
  record: <T extends FetchJson<unknown> | FetchFile>(path: string, result: T) => T,
): Promise<FetchFile> {
  const destination = ctx.layout.arenaFile(path);
  if (!destination) return unsafePath(path);
  if (await pathExists(destination)) {
    const { size } = await stat(destination);
    const file = ctx.progress.startFile(path);
    file.bytes(size, size);
    file.done();
    return record(path, { ok: true, bytes: size });
  }
  const fetched = await fetchFile(ctx, joinUrl(ddragonUrl, path), destination, path);
  if ('notModified' in fetched) return fetchFailure(`${path}: unexpected 304`, 'fatal');
  return record(path, fetched);
}

const unsafePath = (path: string): FetchFailure =>
  fetchFailure(`Refused an unsafe path from the data: ${JSON.stringify(path)}`, 'fatal');

const cancelled = (problems: string[]): ArenaSyncResult => ({
  ok: false,
  cancelled: true,
  message: 'Cancelled.',
  problems,
});

const failed = (failure: FetchFailure, problems: string[]): ArenaSyncResult =>
  failure.cancelled
    ? cancelled(problems)
    : { ok: false, cancelled: false, message: `Arena data: ${failure.message}`, problems };

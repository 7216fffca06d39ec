import { access, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { describeFailure } from '../../net/httpClient';
import { buildArenaIndex } from '../arena/arenaData';
import { ARENA_DATA_FILES, GAME_CONSTANT_FILES, arenaImagePaths, arenaPaths, joinUrl } from '../arena/arenaPaths';
import type { ArenaDataFile, GameConstantFile } from '../arena/arenaPaths';
import {
  championDetailFileSchema,
  championFileSchema,
  itemFileSchema,
  languagesSchema,
  profileIconFileSchema,
  realmSchema,
  summonerFileSchema,
  versionsSchema,
} from '../arena/arenaSchemas';
import { chooseArenaVersion } from '../arena/arenaVersions';
import { EMPTY_GAME_CONSTANTS, gameConstantSchemas } from '../arena/gameConstants';
import type { GameConstants } from '../arena/gameConstants';
import { ARENA_MANIFEST_FORMAT, pruneArenaEntries, readArenaManifest } from './arenaCache';
import type { ArenaManifest } from './arenaCache';
import { INDEX_FILE, MANIFEST_FILE } from './cacheLayout';
import { readJsonFile, writeJsonFile } from './jsonFiles';
import { fetchFile, fetchJsonInto, firstFatal, ioMessage, runAll } from './syncContext';
import type { FetchFailure, FetchFile, FetchJson, SyncContext } from './syncContext';

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

type JsonTask = () => Promise<FetchJson<unknown>>;

export async function syncArena(ctx: SyncContext, options: ArenaSyncOptions): Promise<ArenaSyncResult> {
  const { layout } = ctx;
  const problems: string[] = [];
  const url = (path: string): string => joinUrl(options.ddragonUrl, path);
  ctx.progress.phase('checking', 'arena');

  let version = options.version ?? null;
  let realmVersion: string | null = null;
  if (version === null) {
    const [versionsOutcome, realmOutcome] = await Promise.all([
      ctx.http.send({ url: url(arenaPaths.versions()), signal: ctx.signal, timeoutMs: 15_000 }),
      ctx.http.send({ url: url(arenaPaths.realm(options.region)), signal: ctx.signal, timeoutMs: 15_000 }),
    ]);
    if (ctx.signal.aborted) return cancelled(problems);
    let versions: string[] = [];
    if (versionsOutcome.kind === 'ok') {
      const parsed = versionsSchema.safeParse(versionsOutcome.body);
      if (parsed.success) versions = parsed.data;
      else problems.push('Data Dragon versions.json: unexpected content');
    }
    if (realmOutcome.kind === 'ok') {
      const parsed = realmSchema.safeParse(realmOutcome.body);
      if (parsed.success) realmVersion = parsed.data.v || parsed.data.n.champion || null;
      else problems.push(`Realm "${options.region}": unexpected content`);
    } else {
      problems.push(`Realm "${options.region}": ${describeFailure(realmOutcome)}`);
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
    version = choice.version;
  }

  const existing = await readArenaManifest(layout, version, options.locale);
  if (existing && !options.force) {
    return { ok: true, version, locale: options.locale, region: options.region, updated: false, files: existing.files.length, bytes: existing.bytes, problems };
  }

  ctx.progress.phase('downloading', 'arena');
  const files = new Map<string, number>();
  const record = <T extends FetchJson<unknown> | FetchFile>(path: string, result: T): T => {
    if (result.ok) files.set(path, result.bytes);
    return result;
  };
  const jsonTask =
    <S extends z.ZodType>(base: string, path: string, schema: S, reuse: boolean): (() => Promise<FetchJson<z.output<S>>>) =>
    async () => {
      const destination = layout.arenaFile(path);
      if (!destination) return unsafePath(path);
      return record(path, await fetchJsonInto(ctx, joinUrl(base, path), destination, path, schema, reuse));
    };

  // Versioned paths never change, so a valid cached copy is reused; the unversioned ones are fetched again.
  const reuse = !options.force;
  const v = version;
  const dataSchemas = {
    champion: championFileSchema,
    item: itemFileSchema,
    summoner: summonerFileSchema,
    profileicon: profileIconFileSchema,
  } satisfies Record<ArenaDataFile, z.ZodType>;
  const dataTasks = ARENA_DATA_FILES.map((file) =>
    jsonTask(options.ddragonUrl, arenaPaths.dataFile(v, options.locale, file), dataSchemas[file], reuse),
  );
  const languagesTask = jsonTask(options.ddragonUrl, arenaPaths.languages(), languagesSchema, false);
  // Constants live on another host: "{constantsUrl}/queues.json", kept in the mirror as "constants/queues.json".
  const constantTasks = GAME_CONSTANT_FILES.map((name) => constantTask(ctx, options.constantsUrl, name, record));
  ctx.progress.planFiles(dataTasks.length + 1 + constantTasks.length);
  const dataResults = await runAll(ctx, [...(dataTasks as JsonTask[]), languagesTask as JsonTask]);
  const stop = firstFatal(dataResults);
  if (stop) return failed(stop, problems);
  const optional = await runAll(ctx, constantTasks as JsonTask[]);
  const constants = { ...EMPTY_GAME_CONSTANTS } as Record<GameConstantFile, unknown>;
  optional.forEach((result, i) => {
    const name = GAME_CONSTANT_FILES[i] as GameConstantFile;
    if (result.ok) constants[name] = result.value;
    else if (result.cancelled) return;
    else problems.push(`Game constants ${result.message}`);
  });
  if (ctx.signal.aborted) return cancelled(problems);

  const [champion, item, summoner, profileicon, languages] = dataResults.map((result) =>
    result.ok ? (result as { value: unknown }).value : null,
  );
  const parsed = {
    champion: champion as z.output<typeof championFileSchema>,
    item: item as z.output<typeof itemFileSchema>,
    summoner: summoner as z.output<typeof summonerFileSchema>,
    profileicon: profileicon as z.output<typeof profileIconFileSchema>,
  };

  const extraTasks: (() => Promise<FetchFile | FetchJson<unknown>>)[] = [];
  if (options.images === 'icons') {
    const images = new Set<string>([
      ...Object.values(parsed.champion.data).map((c) => arenaImagePaths.fromImage(v, c.image)),
      ...Object.values(parsed.item.data).map((i) => arenaImagePaths.fromImage(v, i.image)),
      ...Object.values(parsed.summoner.data).map((s) => arenaImagePaths.fromImage(v, s.image)),
    ]);
    for (const path of images) extraTasks.push(() => imageTask(ctx, options.ddragonUrl, path, record));
  }
  if (options.championDetails) {
    for (const id of Object.keys(parsed.champion.data)) {
      extraTasks.push(jsonTask(options.ddragonUrl, arenaPaths.champion(v, options.locale, id), championDetailFileSchema, reuse));
    }
  }
  ctx.progress.planFiles(extraTasks.length);
  const extraResults = await runAll(ctx, extraTasks);
  const extraStop = firstFatal(extraResults);
  if (extraStop) return failed(extraStop, problems);
  for (const result of extraResults) if (!result.ok) problems.push(result.message);

  ctx.progress.phase('indexing', 'arena');
  const index = buildArenaIndex({
    version: v,
    locale: options.locale,
    ...parsed,
    languages: (languages as string[] | null) ?? [],
    constants: constants as GameConstants,
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
    return { ok: false, cancelled: false, message: `Arena data: ${ioMessage(error)}`, problems };
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

function constantTask(
  ctx: SyncContext,
  constantsUrl: string,
  name: GameConstantFile,
  record: <T extends FetchJson<unknown> | FetchFile>(path: string, result: T) => T,
): () => Promise<FetchJson<unknown>> {
  return async () => {
    const path = `constants/${name}.json`;
    const destination = ctx.layout.arenaFile(path);
    if (!destination) return unsafePath(path);
    const fetched = await fetchJsonInto(
      ctx,
      joinUrl(constantsUrl, `${name}.json`),
      destination,
      `${name}.json`,
      gameConstantSchemas[name],
      false,
    );
    if (fetched.ok || fetched.cancelled) return record(path, fetched);
    // Offline or moved: the copy from an earlier sync is better than nothing.
    const cached = await readJsonFile(destination, gameConstantSchemas[name]);
    if (cached.ok) {
      const { size } = await stat(destination);
      return record(path, { ok: true, value: cached.value, bytes: size });
    }
    // Constants only label ids; their absence never blocks the entry.
    return { ...fetched, fatal: false };
  };
}

async function imageTask(
  ctx: SyncContext,
  ddragonUrl: string,
  path: string,
  record: <T extends FetchJson<unknown> | FetchFile>(path: string, result: T) => T,
): Promise<FetchFile> {
  const destination = ctx.layout.arenaFile(path);
  if (!destination) return unsafePath(path);
  if (await exists(destination)) {
    const { size } = await stat(destination);
    const file = ctx.progress.startFile(path);
    file.bytes(size, size);
    file.done();
    return record(path, { ok: true, bytes: size });
  }
  const fetched = await fetchFile(ctx, joinUrl(ddragonUrl, path), destination, path);
  if ('notModified' in fetched) return { ok: false, fatal: true, missing: false, cancelled: false, message: `${path}: unexpected 304` };
  return record(path, fetched);
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const unsafePath = (path: string): FetchFailure => ({
  ok: false,
  fatal: true,
  missing: false,
  cancelled: false,
  message: `Refused an unsafe path from the data: ${JSON.stringify(path)}`,
});

const cancelled = (problems: string[]): ArenaSyncResult => ({ ok: false, cancelled: true, message: 'Cancelled.', problems });

const failed = (failure: FetchFailure, problems: string[]): ArenaSyncResult =>
  failure.cancelled
    ? cancelled(problems)
    : { ok: false, cancelled: false, message: `Arena data: ${failure.message}`, problems };

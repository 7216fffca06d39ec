import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import type { HttpClient } from '../../net/httpClient';
import { describeDownloadFailure } from '../../net/download';
import type { Downloader, DownloadFailure } from '../../net/download';
import type { CacheLayout } from './cacheLayout';
import { parseJsonText, readJsonFile } from './jsonFiles';
import type { ProgressTracker } from './syncProgress';
import type { TaskLimiter } from './taskLimiter';

/** What one sync run shares: where to write, how to fetch, how many at once, whom to tell, when to stop. */
export interface SyncContext {
  layout: CacheLayout;
  http: HttpClient;
  downloader: Downloader;
  limiter: TaskLimiter;
  progress: ProgressTracker;
  /** Aborted when the caller cancels or when a fatal failure stops the run. */
  signal: AbortSignal;
  stop(): void;
  now: () => number;
  /** Largest single file accepted (data and images; bundles have their own limit). */
  maxFileBytes: number;
}

/**
 * A failed fetch. `fatal` failures mean the source is unusable right now (offline, cut off, cancelled, bad data):
 * the run stops and no entry is written. A file the host does not have (403/404) is not fatal for optional files.
 */
export type FetchFailure = { ok: false; fatal: boolean; missing: boolean; cancelled: boolean; message: string };
export type FetchFile = { ok: true; bytes: number } | FetchFailure;
export type FetchJson<T> = { ok: true; value: T; bytes: number } | FetchFailure;

export function failureOf(label: string, outcome: DownloadFailure): FetchFailure {
  const missing = outcome.kind === 'http-error' && (outcome.status === 404 || outcome.status === 403);
  return {
    ok: false,
    fatal: !missing,
    missing,
    cancelled: outcome.kind === 'aborted',
    message: `${label}: ${missing ? 'not on the server' : describeDownloadFailure(outcome)}`,
  };
}

/** Streams a URL to `destination` (whole or not at all), reporting bytes to the progress. */
export async function fetchFile(
  ctx: SyncContext,
  url: string,
  destination: string,
  label: string,
  options: { maxBytes?: number; headers?: Record<string, string> } = {},
): Promise<FetchFile | { ok: true; notModified: true }> {
  const file = ctx.progress.startFile(label);
  const outcome = await ctx.downloader.download({
    url,
    destination,
    signal: ctx.signal,
    maxBytes: options.maxBytes ?? ctx.maxFileBytes,
    headers: options.headers,
    onBytes: (received, expected) => file.bytes(received, expected),
  });
  if (outcome.kind === 'ok') {
    file.done();
    return { ok: true, bytes: outcome.bytes };
  }
  if (outcome.kind === 'not-modified') {
    file.done();
    return { ok: true, notModified: true };
  }
  return failureOf(label, outcome);
}

export const stagingPath = (ctx: SyncContext, suffix: string): string =>
  join(ctx.layout.staging, `${randomBytes(8).toString('hex')}${suffix}`);

/**
 * A JSON file into the mirror: downloaded to staging, validated, then renamed into place, so a file in the mirror
 * always parses. With `reuse`, a valid cached copy is used without a request (versioned paths never change).
 */
export async function fetchJsonInto<S extends z.ZodType>(
  ctx: SyncContext,
  url: string,
  destination: string,
  label: string,
  schema: S,
  reuse: boolean,
): Promise<FetchJson<z.output<S>>> {
  if (reuse) {
    const cached = await readJsonFile(destination, schema);
    if (cached.ok) {
      const file = ctx.progress.startFile(label);
      const { size } = await stat(destination);
      file.bytes(size, size);
      file.done();
      return { ok: true, value: cached.value, bytes: size };
    }
  }
  const temp = stagingPath(ctx, '.json');
  try {
    const fetched = await fetchFile(ctx, url, temp, label);
    if (!fetched.ok) return fetched;
    if ('notModified' in fetched) {
      return { ok: false, fatal: true, missing: false, cancelled: false, message: `${label}: unexpected 304` };
    }
    const parsed = parseJsonText(await readFile(temp, 'utf8'), schema);
    if (!parsed.ok) return { ok: false, fatal: true, missing: false, cancelled: false, message: `${label}: ${parsed.message}` };
    await mkdir(dirname(destination), { recursive: true });
    await rename(temp, destination);
    return { ok: true, value: parsed.value, bytes: fetched.bytes };
  } catch (error) {
    return { ok: false, fatal: true, missing: false, cancelled: false, message: `${label}: ${ioMessage(error)}` };
  } finally {
    await rm(temp, { force: true });
  }
}

export function ioMessage(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'no permission to write the cache folder';
  return `could not write the cache (${code ?? (error instanceof Error ? error.message : 'unknown error')})`;
}

/**
 * Runs tasks through the limiter and waits for every one, so nothing keeps writing after the caller moves on.
 * The first fatal failure stops the run: the tasks still waiting see the aborted signal and end at once.
 */
export async function runAll<T extends FetchFile | FetchJson<unknown> | { ok: true }>(
  ctx: SyncContext,
  tasks: (() => Promise<T>)[],
): Promise<(T | FetchFailure)[]> {
  return Promise.all(
    tasks.map((task) =>
      ctx.limiter.run(async (): Promise<T | FetchFailure> => {
        let result: T | FetchFailure;
        try {
          result = ctx.signal.aborted ? cancelledFailure() : await task();
        } catch (error) {
          result = { ok: false, fatal: true, missing: false, cancelled: false, message: ioMessage(error) };
        }
        if (!result.ok && result.fatal) ctx.stop();
        return result;
      }),
    ),
  );
}

export const cancelledFailure = (): FetchFailure => ({
  ok: false,
  fatal: true,
  missing: false,
  cancelled: true,
  message: 'cancelled',
});

/** The failure that explains why a run stopped: a real one before the cancellations it caused. */
export function firstFatal(results: readonly { ok: boolean }[]): FetchFailure | null {
  const fatal = results.filter((r): r is FetchFailure => !r.ok && (r as FetchFailure).fatal);
  return fatal.find((failure) => !failure.cancelled) ?? fatal[0] ?? null;
}

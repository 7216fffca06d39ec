import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import type { HttpClient } from '../../../platform/net/httpClient';
import { describeDownloadFailure, describeIoError } from '../../../platform/net/download';
import type { Downloader, DownloadFailure } from '../../../platform/net/download';
import type { CacheLayout } from '../cacheLayout';
import { parseJsonText, readJsonFile } from './jsonFiles';
import type { PlannedFile, ProgressTracker } from './syncProgress';
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

/** What one task of runAll works with: the run's context, its progress that of the one file it fetches. */
export type TaskContext = Omit<SyncContext, 'progress'> & { progress: PlannedFile };

/** A failed fetch, as a value; see FailureKind for what stops a stage. */
export type FetchFailure = {
  ok: false;
  fatal: boolean;
  missing: boolean;
  cancelled: boolean;
  message: string;
};
export type FetchFile = { ok: true; bytes: number } | FetchFailure;
export type FetchJson<T> = { ok: true; value: T; bytes: number } | FetchFailure;

/**
 * - fatal: the source is unusable now (offline, cut off, bad data); the stage stops and writes no entry.
 * - missing: the host does not have the file (403/404); fatal only for files an entry cannot do without.
 * - skipped: a problem to report while the other files go on (a refused bundle, an optional file that failed).
 * - cancelled: the caller cancelled.
 */
export type FailureKind = 'fatal' | 'missing' | 'skipped' | 'cancelled';

export const fetchFailure = (message: string, kind: FailureKind): FetchFailure => ({
  ok: false,
  fatal: kind === 'fatal' || kind === 'cancelled',
  missing: kind === 'missing',
  cancelled: kind === 'cancelled',
  message,
});

export function failureOf(label: string, outcome: DownloadFailure): FetchFailure {
  const missing = outcome.kind === 'http-error' && (outcome.status === 404 || outcome.status === 403);
  if (missing) return fetchFailure(`${label}: not on the server`, 'missing');
  return fetchFailure(
    `${label}: ${describeDownloadFailure(outcome)}`,
    outcome.kind === 'aborted' ? 'cancelled' : 'fatal',
  );
}

/** Streams a URL to `destination` (whole or not at all), reporting bytes to the progress. */
export async function fetchFile(
  ctx: TaskContext,
  url: string,
  destination: string,
  label: string,
  options: { maxBytes?: number; headers?: Record<string, string> } = {},
): Promise<
  { ok: true; bytes: number; headers: IncomingHttpHeaders } | { ok: true; notModified: true } | FetchFailure
> {
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
    return { ok: true, bytes: outcome.bytes, headers: outcome.headers };
  }
  if (outcome.kind === 'not-modified') {
    file.done();
    return { ok: true, notModified: true };
  }
  return failureOf(label, outcome);
}

export const stagingPath = (ctx: Pick<SyncContext, 'layout'>, suffix: string): string =>
  join(ctx.layout.staging, `${randomBytes(8).toString('hex')}${suffix}`);

/**
 * A JSON file into the mirror: downloaded to staging, validated, then renamed into place, so a file in the mirror
 * always parses. With `reuse`, a valid cached copy is used without a request (versioned paths never change).
 */
export async function fetchJsonInto<S extends z.ZodType>(
  ctx: TaskContext,
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
      return fetchFailure(`${label}: unexpected 304`, 'fatal');
    }
    const parsed = parseJsonText(await readFile(temp, 'utf8'), schema);
    if (!parsed.ok) return fetchFailure(`${label}: ${parsed.message}`, 'fatal');
    await mkdir(dirname(destination), { recursive: true });
    await rename(temp, destination);
    return { ok: true, value: parsed.value, bytes: fetched.bytes };
  } catch (error) {
    return fetchFailure(`${label}: ${describeIoError(error)}`, 'fatal');
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Runs tasks through the limiter and waits for every one, so nothing keeps writing after the caller moves on.
 * The first fatal failure stops the run: the tasks still waiting see the aborted signal and end at once. Each
 * task is one file of the progress: counted when the run starts, done when the task succeeds, taken out of
 * the counts (files and bytes) when it does not.
 */
export async function runAll<T extends FetchFile | FetchJson<unknown> | { ok: true }>(
  ctx: SyncContext,
  tasks: ((task: TaskContext) => Promise<T>)[],
): Promise<(T | FetchFailure)[]> {
  ctx.progress.planFiles(tasks.length);
  return Promise.all(
    tasks.map((task) =>
      ctx.limiter.run(async (): Promise<T | FetchFailure> => {
        const file = ctx.progress.plannedFile();
        let result: T | FetchFailure;
        try {
          result = ctx.signal.aborted ? cancelledFailure() : await task({ ...ctx, progress: file });
        } catch (error) {
          result = fetchFailure(describeIoError(error), 'fatal');
        }
        file.settle(result.ok);
        if (!result.ok && result.fatal) ctx.stop();
        return result;
      }),
    ),
  );
}

export const cancelledFailure = (): FetchFailure => fetchFailure('cancelled', 'cancelled');

/** The failure that explains why a run stopped: a real one before the cancellations it caused. */
export function firstFatal(results: readonly { ok: boolean }[]): FetchFailure | null {
  const fatal = results.filter((r): r is FetchFailure => !r.ok && (r as FetchFailure).fatal);
  return fatal.find((failure) => !failure.cancelled) ?? fatal[0] ?? null;
}

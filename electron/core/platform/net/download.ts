import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import type { LookupFunction } from 'node:net';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '../fs/privateDir';
import { classifyError, describeFailure } from './httpClient';
import type { HttpOutcome } from './httpExchange';

/**
 * Streaming GET to a file, for bodies the JSON client should not hold in memory (zips, images, large data).
 * The body goes to a temp file beside the destination and is renamed into place only when it arrived whole,
 * so a cut, stalled, oversized or cancelled download never leaves a file at the destination.
 */

export type DownloadFailure =
  | Exclude<HttpOutcome, { kind: 'ok' } | { kind: 'http-error' }>
  | { kind: 'http-error'; status: number }
  | { kind: 'too-large'; limit: number }
  | { kind: 'io'; detail: string };

export type DownloadOutcome =
  | { kind: 'ok'; status: number; bytes: number; headers: IncomingHttpHeaders }
  /** Answer to a conditional request (If-None-Match / If-Modified-Since): the destination was not touched. */
  | { kind: 'not-modified'; headers: IncomingHttpHeaders }
  | DownloadFailure;

export interface DownloadRequest {
  url: string;
  /** Where the complete body ends up; its folder is created when missing. */
  destination: string;
  headers?: Record<string, string>;
  /** Larger bodies fail with 'too-large' (checked against Content-Length and against the bytes received). */
  maxBytes?: number;
  /** Longest wait for the next bytes; a stalled transfer fails with 'timeout' however long the file is. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
  /** Bytes received so far and the announced length (null when the server sent none). */
  onBytes?: (received: number, expected: number | null) => void;
}

/**
 * A GET whose body goes to the caller's stream rather than to a file: an archive unpacked while it arrives, a
 * download resumed with a Range header. The caller owns what was written; a cut body is reported as 'malformed'.
 */
export interface StreamRequest extends Omit<DownloadRequest, 'destination'> {
  /** Called for a success answer (200, 206) before any of its body: where the body goes. */
  open(status: number, headers: IncomingHttpHeaders): Writable;
}

export type StreamOutcome =
  { kind: 'ok'; status: number; bytes: number; headers: IncomingHttpHeaders } | DownloadFailure;

export interface Downloader {
  download(request: DownloadRequest): Promise<DownloadOutcome>;
  stream(request: StreamRequest): Promise<StreamOutcome>;
  close(): void;
}

export interface DownloaderOptions {
  idleTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** How host names are resolved (Node's DNS lookup by default); tests pass one that fails or answers. */
  lookup?: LookupFunction;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createDownloader(options: DownloaderOptions = {}): Downloader {
  const { idleTimeoutMs = 15_000, maxBytes = 4 * 1024 ** 3, maxRedirects = 5 } = options;
  const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 8 });
  const lookup = options.lookup;

  const run = async (req: BaseRequest, receive: Receiver): Promise<DownloadOutcome> => {
    if (req.signal?.aborted) return { kind: 'aborted' };
    let url = new URL(req.url);
    for (let redirects = 0; ; redirects += 1) {
      const answer = await fetchOnce(url, req, receive, {
        idleTimeoutMs: req.idleTimeoutMs ?? idleTimeoutMs,
        maxBytes: req.maxBytes ?? maxBytes,
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        lookup,
      });
      if (answer.kind !== 'redirect') return answer;
      if (redirects >= maxRedirects) return { kind: 'network', detail: 'too many redirects' };
      const next = new URL(answer.location, url);
      // A download that started on TLS never continues in the clear.
      if (url.protocol === 'https:' && next.protocol !== 'https:') {
        return { kind: 'network', detail: 'redirect to an insecure address refused' };
      }
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        return { kind: 'network', detail: `redirect to an unsupported address (${next.protocol})` };
      }
      url = next;
    }
  };

  return {
    download: (req) =>
      run(req, (response, settings, context) => receiveBody(response, req, settings, context)),
    stream: async (req) => {
      const outcome = await run(req, (response, settings, context) =>
        receiveStream(response, req, settings, context),
      );
      return outcome.kind === 'not-modified'
        ? { kind: 'malformed', detail: 'unexpected 304 answer' }
        : outcome;
    },
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

interface FetchSettings {
  idleTimeoutMs: number;
  maxBytes: number;
  agent: HttpAgent | HttpsAgent;
  lookup: LookupFunction | undefined;
}

type FetchAnswer = DownloadOutcome | { kind: 'redirect'; location: string };

type BaseRequest = Omit<DownloadRequest, 'destination'>;

interface ReceiveContext {
  expected: number | null;
  armIdle: () => void;
  fail: (failure: DownloadFailure) => void;
}

type Receiver = (
  response: IncomingMessage,
  settings: FetchSettings,
  context: ReceiveContext,
) => Promise<DownloadOutcome>;

function fetchOnce(
  url: URL,
  req: BaseRequest,
  receive: Receiver,
  settings: FetchSettings,
): Promise<FetchAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    let call: ClientRequest | null = null;
    let idleTimer: NodeJS.Timeout | undefined;
    // Set before the request is destroyed, so the stream error that follows is reported as the real cause.
    let cause: DownloadFailure | null = null;
    // Once the body streams to a temp file, the body step reports the end, after cleaning up that file.
    let receiving = false;

    const finish = (answer: FetchAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      req.signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const fail = (failure: DownloadFailure): void => {
      cause ??= failure;
      call?.destroy();
    };
    const armIdle = (): void => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        fail({ kind: 'timeout' });
        if (!receiving) finish({ kind: 'timeout' });
      }, settings.idleTimeoutMs);
    };
    const onAbort = (): void => {
      fail({ kind: 'aborted' });
      if (!receiving) finish({ kind: 'aborted' });
    };
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
    call = requestFn(url, {
      method: 'GET',
      headers: { ...req.headers },
      agent: settings.agent,
      ...(settings.lookup ? { lookup: settings.lookup } : {}),
    });
    armIdle();
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (receiving) return;
      if (cause) return finish(cause);
      const outcome = classifyError(error);
      finish(outcome.kind === 'ok' ? { kind: 'network', detail: error.message } : toFailure(outcome));
    });
    call.on('response', (response) => {
      armIdle();
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && typeof response.headers.location === 'string') {
        response.resume();
        return finish({ kind: 'redirect', location: response.headers.location });
      }
      if (status === 304) {
        response.resume();
        return finish({ kind: 'not-modified', headers: response.headers });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return finish({ kind: 'http-error', status });
      }
      const expected = parseLength(response.headers['content-length']);
      if (expected !== null && expected > settings.maxBytes) {
        fail({ kind: 'too-large', limit: settings.maxBytes });
        return finish({ kind: 'too-large', limit: settings.maxBytes });
      }
      receiving = true;
      void receive(response, settings, { expected, armIdle, fail }).then(
        (answer) => finish(cause ?? answer),
        () => finish(cause ?? { kind: 'network', detail: 'the transfer failed' }),
      );
    });
    call.end();
  });
}

/** Counts the body's bytes, re-arms the idle timer on each chunk and stops a body past the size limit. */
function byteCounter(
  req: BaseRequest,
  settings: FetchSettings,
  { expected, armIdle, fail }: ReceiveContext,
): { counter: Transform; received: () => number } {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      armIdle();
      if (received > settings.maxBytes) {
        fail({ kind: 'too-large', limit: settings.maxBytes });
        return callback(new Error('too large'));
      }
      req.onBytes?.(received, expected);
      callback(null, chunk);
    },
  });
  return { counter, received: () => received };
}

async function receiveStream(
  response: IncomingMessage,
  req: StreamRequest,
  settings: FetchSettings,
  context: ReceiveContext,
): Promise<DownloadOutcome> {
  let cutShort = false;
  response.on('aborted', () => (cutShort = true));
  const { counter, received } = byteCounter(req, settings, context);
  let sink: Writable;
  try {
    sink = req.open(response.statusCode ?? 200, response.headers);
  } catch (error) {
    response.resume();
    return { kind: 'io', detail: error instanceof Error ? error.message : String(error) };
  }
  try {
    await pipeline(response, counter, sink);
  } catch (error) {
    if (cutShort || !response.complete) return { kind: 'malformed', detail: 'the response was cut short' };
    return { kind: 'io', detail: error instanceof Error ? error.message : String(error) };
  }
  if (cutShort || !response.complete || (context.expected !== null && received() !== context.expected)) {
    return { kind: 'malformed', detail: 'the response was cut short' };
  }
  return { kind: 'ok', status: response.statusCode ?? 200, bytes: received(), headers: response.headers };
}

async function receiveBody(
  response: IncomingMessage,
  req: DownloadRequest,
  settings: FetchSettings,
  context: ReceiveContext,
): Promise<DownloadOutcome> {
  const folder = dirname(req.destination);
  const temp = join(folder, `.${basename(req.destination)}.${randomBytes(6).toString('hex')}.part`);
  const { expected } = context;
  let cutShort = false;
  response.on('aborted', () => (cutShort = true));
  const { counter, received: receivedBytes } = byteCounter(req, settings, context);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    response.resume();
    return { kind: 'io', detail: describeIoError(error) };
  }
  // flush: the data is on disk before the rename makes it visible.
  const file = createWriteStream(temp, { flags: 'wx', flush: true, mode: PRIVATE_FILE_MODE });
  try {
    await pipeline(response, counter, file);
    const received = receivedBytes();
    if (cutShort || !response.complete || (expected !== null && received !== expected)) {
      await rm(temp, { force: true });
      return { kind: 'malformed', detail: 'the response was cut short' };
    }
    await rename(temp, req.destination);
    return { kind: 'ok', status: response.statusCode ?? 200, bytes: received, headers: response.headers };
  } catch (error) {
    // A body cut before the file was open leaves the open in flight: it would create the file after the rm.
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await rm(temp, { force: true });
    if (isIoError(error)) return { kind: 'io', detail: describeIoError(error) };
    return { kind: 'malformed', detail: 'the response was cut short' };
  }
}

function toFailure(outcome: Exclude<HttpOutcome, { kind: 'ok' }>): DownloadFailure {
  return outcome.kind === 'http-error' ? { kind: 'http-error', status: outcome.status } : outcome;
}

function parseLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

const IO_CODES = new Set([
  'ENOSPC',
  'EACCES',
  'EPERM',
  'EROFS',
  'EEXIST',
  'ENOENT',
  'EISDIR',
  'ENOTDIR',
  'EMFILE',
  'EDQUOT',
]);

function isIoError(error: unknown): boolean {
  return error instanceof Error && IO_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

/** A file-system error as the user should read it (full disk, no permission), for any code that writes files. */
export function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'no permission to write the cache folder';
  return `could not write the file (${code ?? (error instanceof Error ? error.message : 'unknown error')})`;
}

/** A sentence for the user. */
export function describeDownloadFailure(outcome: DownloadFailure): string {
  switch (outcome.kind) {
    case 'too-large':
      return `the file is larger than the ${Math.round(outcome.limit / 1024 / 1024)} MB limit`;
    case 'io':
      return `could not save the file: ${outcome.detail}`;
    case 'http-error':
      return `HTTP ${outcome.status}`;
    default:
      return describeFailure(outcome);
  }
}

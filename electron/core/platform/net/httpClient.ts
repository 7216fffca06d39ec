import { request as httpRequest } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isLoopbackHost, type LoopbackTrust } from './loopbackTrust';
import type { HttpOutcome, HttpRequest } from './httpExchange';
import { createRequestPacer, type PacingPolicy } from './requestPacer';
import type { SharedPacingSchedule } from './sharedPacingSchedule';

// The request and its outcome live apart so the pacer can name them without importing this client.

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpOutcome>;
  close(): void;
}

export interface HttpClientOptions {
  /** Trust for https://127.0.0.1 game clients. Without it, https uses the system's roots. */
  loopbackTrust?: LoopbackTrust;
  defaultTimeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * How often one path of one client may be asked (the local game clients). The schedule lives with
   * this client, so every watcher sending through it shares it, across its restarts.
   */
  pacing?: PacingPolicy;
  /** The same schedule kept with the other processes on this machine (the app, `serve`, the CLI). */
  sharedPacing?: SharedPacingSchedule;
  /** How host names are resolved (Node's DNS lookup by default); tests pass one that fails or answers. */
  lookup?: LookupFunction;
}

const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** The one HTTP client: JSON or form in, JSON, text or bytes out, hard deadlines, errors as values. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const { loopbackTrust, defaultTimeoutMs = 3000, maxBodyBytes = 8 * 1024 * 1024 } = options;
  const loopbackAgent = loopbackTrust
    ? new HttpsAgent({
        keepAlive: true,
        maxSockets: 4,
        ca: [...loopbackTrust.ca],
        checkServerIdentity: loopbackTrust.checkServerIdentity,
      })
    : undefined;
  const systemAgent = new HttpsAgent({ keepAlive: true });
  const pacer = options.pacing ? createRequestPacer({ shared: options.sharedPacing }) : null;

  const transmit = (req: HttpRequest, answered?: () => void, resent = false): Promise<HttpOutcome> =>
    new Promise((resolve) => {
      // Before any request exists: destroying one that has no error listener yet would throw "socket hang up".
      if (req.signal?.aborted) return resolve({ kind: 'aborted' });
      const url = new URL(req.url);
      const secure = url.protocol === 'https:';
      const agent = secure
        ? loopbackAgent && isLoopbackHost(url.hostname)
          ? loopbackAgent
          : systemAgent
        : undefined;
      const form = req.json === undefined && req.form ? new URLSearchParams(req.form).toString() : undefined;
      const body = req.json === undefined ? form : JSON.stringify(req.json);
      const responseType = req.responseType ?? 'json';
      const headers: Record<string, string> = {
        accept: responseType === 'json' ? 'application/json' : '*/*',
        ...req.headers,
      };
      if (body !== undefined) {
        headers['content-type'] =
          form === undefined ? 'application/json' : 'application/x-www-form-urlencoded';
        headers['content-length'] = String(Buffer.byteLength(body));
      }

      let settled = false;
      let responded = false;
      const finish = (outcome: HttpOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const call = (secure ? httpsRequest : httpRequest)(url, {
        method: req.method ?? 'GET',
        headers,
        agent,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      });
      // One deadline for the whole exchange, so a slow body cannot hold a poll forever.
      const timer = setTimeout(() => {
        finish({ kind: 'timeout' });
        call.destroy();
      }, req.timeoutMs ?? defaultTimeoutMs);
      const onAbort = (): void => {
        finish({ kind: 'aborted' });
        call.destroy();
      };
      req.signal?.addEventListener('abort', onAbort, { once: true });

      call.on('error', (error: NodeJS.ErrnoException) => {
        // Node's keep-alive race: the server closed an idle socket as this request went out on it. A request
        // that may be sent twice goes once more, on a fresh socket, instead of failing a poll or a command.
        if (!resent && !responded && call.reusedSocket && isReset(error) && isIdempotent(req)) {
          settled = true;
          clearTimeout(timer);
          req.signal?.removeEventListener('abort', onAbort);
          return resolve(transmit(req, answered, true));
        }
        finish(classifyError(error));
      });
      call.on('response', (response) => {
        responded = true;
        answered?.();
        req.onHead?.();
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBodyBytes) {
            finish({ kind: 'malformed', detail: `response larger than ${maxBodyBytes} bytes` });
            call.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error: NodeJS.ErrnoException) => finish(classifyError(error)));
        response.on('aborted', () => finish({ kind: 'malformed', detail: 'the response was cut short' }));
        response.on('end', () => {
          if (!response.complete) return finish({ kind: 'malformed', detail: 'the response was cut short' });
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          const status = response.statusCode ?? 0;
          if (responseType !== 'json') {
            if (status >= 200 && status < 300) {
              const body = responseType === 'bytes' ? bytes : text;
              return finish({ kind: 'ok', status, headers: response.headers, body });
            }
            return finish({ kind: 'http-error', status, headers: response.headers, body: null, text });
          }
          const parsed = parseJson(text);
          if (status >= 200 && status < 300) {
            if (!parsed.ok) return finish({ kind: 'malformed', detail: 'the response is not valid JSON' });
            return finish({ kind: 'ok', status, headers: response.headers, body: parsed.value });
          }
          finish({
            kind: 'http-error',
            status,
            headers: response.headers,
            body: parsed.ok ? parsed.value : null,
            text,
          });
        });
      });
      call.end(body);
    });

  const send = (req: HttpRequest): Promise<HttpOutcome> => {
    const url = URL.canParse(req.url) ? new URL(req.url) : null;
    const intervalMs = url && options.pacing ? options.pacing(url) : null;
    if (!pacer || !url || intervalMs === null) return transmit(req);
    return pacer.send(req, url, intervalMs, transmit);
  };

  return {
    send,
    close: () => {
      loopbackAgent?.destroy();
      systemAgent.destroy();
    },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isReset = (error: NodeJS.ErrnoException): boolean =>
  error.code === 'ECONNRESET' || error.code === 'EPIPE';

const isIdempotent = (req: HttpRequest): boolean =>
  req.idempotent ?? ((req.method ?? 'GET') === 'GET' || req.method === 'HEAD');

/** Maps a socket or TLS error to an outcome; shared with the streaming downloader. */
export function classifyError(error: NodeJS.ErrnoException): HttpOutcome {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return { kind: 'refused' };
  if (CERTIFICATE_ERRORS.has(code)) return { kind: 'untrusted-certificate', detail: code };
  if (isReset(error)) return { kind: 'malformed', detail: 'the connection was reset' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') {
    return {
      kind: 'network',
      detail: `the host's name could not be resolved (offline or DNS down: ${code})`,
    };
  }
  return { kind: 'network', detail: code || error.message };
}

/** A sentence for the user, for the outcomes that are failures. */
export function describeFailure(outcome: Exclude<HttpOutcome, { kind: 'ok' }>): string {
  switch (outcome.kind) {
    case 'http-error':
      return `HTTP ${outcome.status}`;
    case 'refused':
      return 'connection refused';
    case 'timeout':
      return 'no answer in time';
    case 'untrusted-certificate':
      return outcome.detail === 'ERR_TLS_CERT_ALTNAME_INVALID'
        ? 'untrusted certificate name'
        : 'untrusted certificate';
    case 'malformed':
      return `bad response: ${outcome.detail}`;
    case 'network':
      return `network error: ${outcome.detail}`;
    case 'aborted':
      return 'cancelled';
  }
}

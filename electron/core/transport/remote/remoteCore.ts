import {
  AppRequestError,
  type RequestChannel,
  type RequestInput,
  type RequestOutput,
  type Result,
} from '@shared/contract';
import { CLI_REQUEST_PATH } from '../host/cliRequestRoute';
import { readKeptToken } from '../host/hostTokens';
import { findRunningInstance, type RunningInstance } from '../../platform/instance/runningInstance';
import { createHttpClient, describeFailure, type HttpClient } from '../../platform/net/httpClient';
import { readEnvironment } from '../../platform/settings/environment';

/** The core of the running app or `serve`, as the command line reaches it: the companion's requests. */
export interface RemoteCore {
  instance: RunningInstance;
  /** Rejects with AppRequestError, as the app's router answers a failure. */
  request<C extends RequestChannel>(
    channel: C,
    input: RequestInput<C>,
    signal?: AbortSignal,
  ): Promise<RequestOutput<C>>;
  close(): void;
}

/** Longer than anything the core does for one request (a rate-limited web API lookup waits its turn there). */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** The first request only checks the primary answers and takes the token: a live one answers at once. */
const PROBE_TIMEOUT_MS = 3_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The running Sightline (desktop app or `serve`) on this data folder, reached on loopback with the companion
 * token (SIGHTLINE_HOST_TOKEN, else the data folder's host-token); null when none runs, its origin is not
 * loopback, or it does not answer or take the token: then the command works alone.
 */
export async function connectToRunningSightline(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<RemoteCore | null> {
  const instance = await findRunningInstance(dataDir);
  if (!instance || !isLoopbackOrigin(instance.origin)) return null;
  const tokens = [readEnvironment(env).hostToken, await readKeptToken(dataDir, 'companion')];
  const http = createHttpClient({ defaultTimeoutMs: REQUEST_TIMEOUT_MS });
  for (const token of new Set(tokens)) {
    if (token === null) continue;
    const remote = remoteCore(instance, token, http);
    const answered = await remote.send('app.info', {}, undefined, PROBE_TIMEOUT_MS);
    if (answered.ok) return remote;
  }
  http.close();
  return null;
}

/** Only http on the loopback interface: the token never goes anywhere else, whatever the record says. */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.pathname === '/';
}

function remoteCore(
  instance: RunningInstance,
  token: string,
  http: HttpClient,
): RemoteCore & {
  send(channel: string, input: unknown, signal?: AbortSignal, timeoutMs?: number): Promise<Result<unknown>>;
} {
  const url = new URL(CLI_REQUEST_PATH, instance.origin).href;
  const who = `the running Sightline (${instance.kind}, pid ${instance.pid})`;
  const send = async (
    channel: string,
    input: unknown,
    signal?: AbortSignal,
    timeoutMs?: number,
  ): Promise<Result<unknown>> => {
    const outcome = await http.send({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      json: { channel, input },
      signal,
      timeoutMs,
    });
    if (outcome.kind === 'ok' && isResult(outcome.body)) return outcome.body;
    const problem =
      outcome.kind === 'ok'
        ? 'an answer that is not a result'
        : outcome.kind === 'http-error'
          ? `HTTP ${outcome.status} ${outcome.text.slice(0, 200)}`
          : describeFailure(outcome);
    return { ok: false, error: { code: 'io', message: `${who} did not answer ${channel}: ${problem}` } };
  };
  return {
    instance,
    send,
    async request(channel, input, signal) {
      const result = await send(channel, input, signal);
      if (!result.ok) throw new AppRequestError(result.error);
      // The primary's router answered with the contract's output for this channel.
      return result.value as RequestOutput<typeof channel>;
    },
    close: () => http.close(),
  };
}

function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  // A handler that answers nothing: JSON leaves `value` out.
  if (body.ok === true) return true;
  return (
    body.ok === false &&
    'error' in body &&
    typeof body.error === 'object' &&
    body.error !== null &&
    'code' in body.error &&
    'message' in body.error
  );
}

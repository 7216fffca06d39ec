import { request } from 'node:http';

/** A delivery attempt of a callback, as the simulator's log shows it. */
export interface CallbackDelivery {
  at: number;
  code: string;
  /** Where it was really sent (after redirectCallbacks). */
  url: string;
  attempt: number;
  /** null when the connection failed. */
  status: number | null;
  kind: 'result' | 'duplicate' | 'forged' | 'replay';
}

export interface CallbackSenderOptions {
  now: () => number;
  /** Wait between attempts after a non-200 (the service retries until it sees 200), or Retry-After's. */
  retryMs: number;
  /** Gives up after this many attempts, so a test does not run forever. */
  maxAttempts: number;
  log: (delivery: CallbackDelivery) => void;
}

interface PostAnswer {
  /** null when the connection failed. */
  status: number | null;
  /** What a 429's Retry-After asked for, in ms. */
  retryAfterMs: number | null;
}

/** POSTs one callback body as the service does (application/json), once. */
export function postJson(url: string, body: unknown): Promise<PostAnswer> {
  const text = JSON.stringify(body);
  const failed: PostAnswer = { status: null, retryAfterMs: null };
  return new Promise((resolve) => {
    const target = new URL(url);
    if (target.protocol !== 'http:') return resolve(failed); // The simulator speaks plain http only.
    const call = request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      timeout: 5000,
    });
    call.on('response', (response) => {
      response.resume();
      const seconds = Number(response.headers['retry-after']);
      const retryAfterMs =
        response.statusCode === 429 && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
      response.on('end', () => resolve({ status: response.statusCode ?? null, retryAfterMs }));
    });
    call.on('timeout', () => call.destroy());
    call.on('error', () => resolve(failed));
    call.end(text);
  });
}

/**
 * Sends a callback and retries every `retryMs` until the receiver answers 200 (spec 1 §6.1), up to
 * `maxAttempts`; after a 429 it waits as long as Retry-After says. Resolves with the last status.
 */
export async function deliverCallback(
  options: CallbackSenderOptions,
  target: { url: string; code: string; kind: CallbackDelivery['kind'] },
  body: unknown,
  retry = true,
): Promise<number | null> {
  let status: number | null = null;
  const attempts = retry ? options.maxAttempts : 1;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const answer = await postJson(target.url, body);
    status = answer.status;
    options.log({
      at: options.now(),
      code: target.code,
      url: target.url,
      attempt,
      status,
      kind: target.kind,
    });
    if (status === 200 || attempt === attempts) return status;
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfterMs ?? options.retryMs));
  }
  return status;
}

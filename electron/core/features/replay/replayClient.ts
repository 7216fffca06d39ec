import { diffState } from '@shared/contract';
import {
  particlesSchema,
  playbackSchema,
  recordingSchema,
  renderSchema,
  replayGameSchema,
  sequenceSchema,
  type Particles,
  type Playback,
  type PlaybackPatch,
  type Recording,
  type RecordingStart,
  type Render,
  type RenderPatch,
  type ReplayFailure,
  type ReplayGame,
  type Sequence,
} from '@shared/contract/replay';
import type { z } from 'zod';
import { describeFailure, type HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import type { PlaybackSample } from '@shared/replay/playbackClock';

export const NO_REPLAY_RUNNING = 'no game or replay running';
export const REPLAY_API_DISABLED = 'replay API disabled — enable it in game.cfg and restart the replay';
export const LIVE_GAME_NOT_REPLAY =
  'a live game is running, not a replay — the replay API works only in replays';

export type ReplayResult<T> = { ok: true; value: T } | { ok: false; error: ReplayFailure };

export interface ReplayClientDeps {
  http: HttpClient;
  /** The replay API's base, e.g. https://127.0.0.1:2999. */
  baseUrl(): string;
  /** The live client data API's base; the same port in the real game, so it defaults to baseUrl. */
  liveDataUrl?(): string;
  /** Epoch ms, stamped on each playback read so its time can be extrapolated. */
  now?(): number;
  timeoutMs?: number;
}

/**
 * The replay API as typed resources (League Director's model): a read is one GET; a write POSTs only
 * the fields that differ from what was last read or written, and nothing when none do.
 */
export interface ReplayClient {
  game(signal?: AbortSignal): Promise<ReplayResult<ReplayGame>>;
  playback(signal?: AbortSignal): Promise<ReplayResult<Playback>>;
  render(signal?: AbortSignal): Promise<ReplayResult<Render>>;
  recording(signal?: AbortSignal): Promise<ReplayResult<Recording>>;
  sequence(signal?: AbortSignal): Promise<ReplayResult<Sequence>>;
  particles(signal?: AbortSignal): Promise<ReplayResult<Particles>>;
  setPlayback(patch: PlaybackPatch): Promise<ReplayResult<Playback>>;
  setRender(patch: RenderPatch): Promise<ReplayResult<Render>>;
  setParticles(patch: Particles): Promise<ReplayResult<Particles>>;
  /** Replaces the whole sequence; always sent, since the sequence is one value, not a field set. */
  applySequence(sequence: Sequence): Promise<ReplayResult<Sequence>>;
  clearSequence(): Promise<ReplayResult<Sequence>>;
  /** Plays, then starts recording (League Director's order). */
  startRecording(start: RecordingStart): Promise<ReplayResult<Recording>>;
  stopRecording(): Promise<ReplayResult<Recording>>;
  /** The last playback read or written and when; null before the first. */
  lastPlayback(): PlaybackSample | null;
  /** Drops what was last known (another replay started): the next write sends every field it is given. */
  forget(): void;
}

const DEFAULT_TIMEOUT_MS = 2000;
/** How much of the game's own error text a failure quotes. */
const ERROR_TEXT_CHARS = 200;
/** Reads of a resource the caster keeps writing to give up waiting for a quiet moment after this many. */
const MAX_FRESH_READS = 3;

/** What was last read or written: the base that writes are diffed against. */
interface Known {
  playback?: PlaybackSample;
  render?: Render;
  particles?: Particles;
}

type FieldSetKey = 'render' | 'particles';
type FieldSet<K extends FieldSetKey> = NonNullable<Known[K]>;

const FIELD_SETS: { [K in FieldSetKey]: { path: string; schema: z.ZodType<FieldSet<K>> } } = {
  render: { path: '/replay/render', schema: renderSchema },
  particles: { path: '/replay/particles', schema: particlesSchema },
};

export function createReplayClient(deps: ReplayClientDeps): ReplayClient {
  const { http } = deps;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const liveDataUrl = deps.liveDataUrl ?? deps.baseUrl;
  let known: Known = {};

  const send = (path: string, json?: unknown, signal?: AbortSignal, base = deps.baseUrl()) =>
    http.send({
      method: json === undefined ? 'GET' : 'POST',
      url: `${base}${path}`,
      json,
      // A write sets fields to the values given: sent twice, it leaves the same.
      idempotent: true,
      signal,
      timeoutMs,
    });

  // Writes per path: started (epoch) and not yet answered (open). A read that overlapped a write may
  // show the resource before it, and would undo the caster's command on screen and in `known`.
  const writes = new Map<string, { epoch: number; open: number }>();
  const writesTo = (path: string) => {
    let entry = writes.get(path);
    if (!entry) writes.set(path, (entry = { epoch: 0, open: 0 }));
    return entry;
  };

  /** Sends a request; a read that overlapped a write to its path is asked again (a few times at most). */
  async function sendFresh(path: string, json: unknown, signal: AbortSignal | undefined) {
    const entry = writesTo(path);
    if (json !== undefined) {
      entry.epoch += 1;
      entry.open += 1;
      try {
        return await send(path, json, signal);
      } finally {
        entry.open -= 1;
      }
    }
    for (let attempt = 1; ; attempt += 1) {
      const epoch = entry.epoch;
      const clean = entry.open === 0;
      const outcome = await send(path, undefined, signal);
      if ((clean && entry.epoch === epoch) || attempt >= MAX_FRESH_READS) return outcome;
    }
  }

  async function exchange<T>(
    path: string,
    schema: z.ZodType<T>,
    json?: unknown,
    signal?: AbortSignal,
  ): Promise<ReplayResult<T>> {
    const outcome = await sendFresh(path, json, signal);
    if (outcome.kind !== 'ok') return { ok: false, error: await explain(outcome, path, signal) };
    const parsed = schema.safeParse(outcome.body);
    if (parsed.success) return { ok: true, value: parsed.data };
    // Some builds answer a POST with no body; the resource is then read back.
    if (json !== undefined) return exchange(path, schema, undefined, signal);
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return failed(
      'bad-response',
      `the replay API sent an unexpected ${path} response${where}: ${issue?.message}`,
    );
  }

  /** Turns a failed request into what the user should do about it. */
  async function explain(
    outcome: Exclude<HttpOutcome, { kind: 'ok' }>,
    path: string,
    signal?: AbortSignal,
  ): Promise<ReplayFailure> {
    switch (outcome.kind) {
      case 'refused':
        return { kind: 'not-running', message: NO_REPLAY_RUNNING };
      case 'aborted':
        return { kind: 'cancelled', message: 'cancelled' };
      case 'untrusted-certificate':
        return {
          kind: 'untrusted-certificate',
          message: `the game's certificate is not trusted (${outcome.detail})`,
        };
      case 'malformed':
        return { kind: 'bad-response', message: `the replay API sent a ${describeFailure(outcome)}` };
      case 'timeout':
      case 'network':
        return { kind: 'unreachable', message: `the replay API did not answer: ${describeFailure(outcome)}` };
      case 'http-error':
        if (outcome.status === 404) return diagnoseNotFound(path, signal);
        if (outcome.status >= 500) {
          return { kind: 'unreachable', message: `the replay API failed: ${errorText(outcome)}` };
        }
        return { kind: 'rejected', message: `the replay refused ${path}: ${errorText(outcome)}` };
    }
  }

  /**
   * A 404 means one of three things: this game lacks just this resource, the API is switched off in
   * game.cfg, or the game is a live one (which has a local player; a replay answers "spectator mode").
   */
  async function diagnoseNotFound(path: string, signal?: AbortSignal): Promise<ReplayFailure> {
    if (path !== '/replay/game') {
      const game = await send('/replay/game', undefined, signal);
      if (game.kind === 'ok') {
        return { kind: 'unsupported', message: `this game version has no ${path} (an older patch?)` };
      }
    }
    const player = await send('/liveclientdata/activeplayer', undefined, signal, liveDataUrl());
    if (player.kind === 'ok' && isLocalPlayer(player.body))
      return { kind: 'live-game', message: LIVE_GAME_NOT_REPLAY };
    return { kind: 'api-disabled', message: REPLAY_API_DISABLED };
  }

  const readPlayback = async (
    signal?: AbortSignal,
    json?: PlaybackPatch,
  ): Promise<ReplayResult<Playback>> => {
    const result = await exchange('/replay/playback', playbackSchema, json, signal);
    if (result.ok) known.playback = { playback: result.value, sampledAt: now() };
    return result;
  };

  /** Read or write a field-set resource, keeping the merged result as the last known value. */
  async function exchangeFields<K extends FieldSetKey>(
    key: K,
    json?: FieldSet<K>,
    signal?: AbortSignal,
  ): Promise<ReplayResult<FieldSet<K>>> {
    const { path, schema } = FIELD_SETS[key];
    const result = await exchange(path, schema, json, signal);
    if (!result.ok) return result;
    // A partial answer must not make us forget fields we knew.
    const merged = { ...known[key], ...json, ...result.value };
    known[key] = merged;
    return { ok: true, value: merged };
  }

  function writeFields<K extends FieldSetKey>(
    key: K,
    patch: FieldSet<K>,
  ): Promise<ReplayResult<FieldSet<K>>> {
    const last = known[key];
    const changes = changedFields(last, patch);
    if (!isEmpty(changes)) return exchangeFields(key, changes);
    return last ? Promise.resolve({ ok: true, value: last }) : exchangeFields(key);
  }

  async function setPlayback(patch: PlaybackPatch): Promise<ReplayResult<Playback>> {
    const last = known.playback?.playback;
    const changes = changedFields(last, patch);
    // While playing, the time read last is already stale: a seek is never "unchanged".
    if (patch.time !== undefined && last && !last.paused) changes.time = patch.time;
    if (isEmpty(changes)) return last ? { ok: true, value: last } : readPlayback();
    return readPlayback(undefined, changes);
  }

  return {
    game: (signal) => exchange('/replay/game', replayGameSchema, undefined, signal),
    playback: (signal) => readPlayback(signal),
    render: (signal) => exchangeFields('render', undefined, signal),
    particles: (signal) => exchangeFields('particles', undefined, signal),
    recording: (signal) => exchange('/replay/recording', recordingSchema, undefined, signal),
    sequence: (signal) => exchange('/replay/sequence', sequenceSchema, undefined, signal),

    setPlayback,
    setRender: (patch) => writeFields('render', patch),
    setParticles: (patch) => writeFields('particles', patch),
    applySequence: (sequence) => exchange('/replay/sequence', sequenceSchema, sequence),
    clearSequence: () => exchange('/replay/sequence', sequenceSchema, {}),

    async startRecording(start) {
      const playing = await setPlayback({ paused: false });
      if (!playing.ok) return playing;
      return exchange('/replay/recording', recordingSchema, { ...start, recording: true });
    },
    stopRecording: () => exchange('/replay/recording', recordingSchema, { recording: false }),

    lastPlayback: () => known.playback ?? null,
    forget() {
      known = {};
    },
  };
}

/**
 * The fields of `patch` whose value differs from `last` (all of them when nothing is known). Patches
 * have only optional fields, so any subset of one is one.
 */
function changedFields<T extends object>(last: object | undefined, patch: T): T {
  const changes = {} as T;
  for (const key of Object.keys(patch) as (keyof T)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    const previous: unknown = last ? (last as Record<PropertyKey, unknown>)[key] : undefined;
    if (previous !== undefined && diffState(previous, value).length === 0) continue;
    changes[key] = value;
  }
  return changes;
}

const isEmpty = (value: object): boolean => Object.keys(value).length === 0;

function isLocalPlayer(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !('error' in body);
}

/** The game's error body is `{errorCode, httpStatus, message}`; fall back to the raw text. Either is clipped. */
function errorText(outcome: Extract<HttpOutcome, { kind: 'http-error' }>): string {
  const body = outcome.body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message.slice(0, ERROR_TEXT_CHARS);
  }
  const text = outcome.text.trim();
  return text ? text.slice(0, ERROR_TEXT_CHARS) : `HTTP ${outcome.status}`;
}

function failed(kind: ReplayFailure['kind'], message: string): { ok: false; error: ReplayFailure } {
  return { ok: false, error: { kind, message } };
}

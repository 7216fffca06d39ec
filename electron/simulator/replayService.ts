import { z } from 'zod';
import { isWithin } from './intervals';
import type { RecordingWriter } from './recordingOutput';
import { createReplayState } from './replayState';
import type { ReplayState } from './replayState';
import type { ReplayScenario } from './scenario';
import { badRequest, methodNotAllowed, notFound, ok } from './serviceResponse';
import type { ServiceRequest, ServiceResponse } from './serviceResponse';
import { DOCUMENT_PATHS, clientDocument } from './swaggerDocuments';

/** The replay API: https://127.0.0.1:2999/replay/* (local-apis.md §1.1). */

export interface ReplayService {
  /** False when no replay runs (connection refused). */
  isRunning(): boolean;
  /** The replay's resources; null when the scenario has no replay. */
  state: ReplayState | null;
  handle(request: ServiceRequest): ServiceResponse;
}

const playbackPatch = z.object({
  paused: z.boolean().optional(),
  time: z.number().nonnegative().optional(),
  speed: z.number().positive().optional(),
});

const recordingPatch = z.object({
  recording: z.boolean().optional(),
  codec: z.enum(['webm', 'png', 'pngAndDepth']).optional(),
  path: z.string().optional(),
  startTime: z.number().nonnegative().optional(),
  endTime: z.number().nonnegative().optional(),
  framesPerSecond: z.number().int().positive().optional(),
  enforceFrameRate: z.boolean().optional(),
  replaySpeed: z.number().positive().optional(),
  lossless: z.boolean().optional(),
});

const anyObject = z.record(z.string(), z.unknown());
const particlesPatch = z.record(z.string(), z.boolean());

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T | ServiceResponse {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return badRequest('Expected a JSON object body');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  return badRequest(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
  );
}

const isResponse = (value: unknown): value is ServiceResponse =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

export function createReplayService(
  replay: ReplayScenario | undefined,
  scenarioSeconds: () => number,
  writeRecording: RecordingWriter,
): ReplayService {
  const state = replay ? createReplayState(replay, scenarioSeconds, writeRecording) : null;

  function resource<T>(
    request: ServiceRequest,
    read: () => unknown,
    write?: { schema: z.ZodType<T>; apply: (patch: T) => unknown },
  ): ServiceResponse {
    if (request.method === 'GET') return ok(read());
    if (request.method !== 'POST' || !write) return methodNotAllowed(request);
    const patch = parseBody(write.schema, request.body);
    if (isResponse(patch)) return patch;
    const result = write.apply(patch);
    if (typeof result === 'object' && result !== null && 'error' in result)
      return badRequest(String(result.error));
    return ok(result);
  }

  return {
    isRunning: () => replay !== undefined && !isWithin(replay.absent, scenarioSeconds()),
    state,
    handle(request) {
      const enabled = replay?.enabled === true && state !== null;
      const apis = { live: false, replay: enabled };
      if (request.path === DOCUMENT_PATHS.v3) return ok(clientDocument('v3', apis));
      if (request.path === DOCUMENT_PATHS.v2) return ok(clientDocument('v2', apis));
      if (!enabled) return notFound(`No resource at ${request.path}`);
      switch (request.path) {
        case '/replay/game':
          return resource(request, state.game);
        case '/replay/playback':
          return resource(request, state.playback, { schema: playbackPatch, apply: state.updatePlayback });
        case '/replay/render':
          return resource(request, state.render, { schema: anyObject, apply: state.updateRender });
        case '/replay/recording':
          return resource(request, state.recording, { schema: recordingPatch, apply: state.updateRecording });
        case '/replay/sequence':
          return resource(request, state.sequence, { schema: anyObject, apply: state.setSequence });
        case '/replay/particles':
          return resource(request, state.particles, { schema: particlesPatch, apply: state.updateParticles });
        default:
          return notFound(`No resource at ${request.path}`);
      }
    },
  };
}

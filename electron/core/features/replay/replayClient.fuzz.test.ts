import fc from 'fast-check';
import type { z } from 'zod';
import { describe } from 'vitest';
import {
  particlesSchema,
  playbackSchema,
  recordingSchema,
  renderSchema,
  replayGameSchema,
  sequenceSchema,
} from '@shared/contract/replay';
import { DEFAULT_PARTICLES, DEFAULT_RENDER } from '../../../simulator/replayDefaults';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { jsonInputs } from '../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem, type Parsed } from '../../tools/testkit/fuzz/parserFuzz';
import { createScriptedHttpClient } from '../../tools/testkit/scriptedHttpClient';
import { createReplayClient, type ReplayClient, type ReplayResult } from './replayClient';

interface Resource {
  path: string;
  schema: z.ZodType;
  read: (client: ReplayClient) => Promise<ReplayResult<unknown>>;
  samples: unknown[];
}

const RESOURCES: Resource[] = [
  { path: '/replay/game', schema: replayGameSchema, read: (c) => c.game(), samples: [{ processID: 4120 }] },
  {
    path: '/replay/playback',
    schema: playbackSchema,
    read: (c) => c.playback(),
    samples: [{ length: 1805.2, paused: false, seeking: false, speed: 1, time: 312.5 }],
  },
  { path: '/replay/render', schema: renderSchema, read: (c) => c.render(), samples: [DEFAULT_RENDER] },
  {
    path: '/replay/particles',
    schema: particlesSchema,
    read: (c) => c.particles(),
    samples: [DEFAULT_PARTICLES],
  },
  {
    path: '/replay/recording',
    schema: recordingSchema,
    read: (c) => c.recording(),
    samples: [
      {
        codec: 'webm',
        currentTime: 0,
        endTime: 120,
        enforceFrameRate: true,
        framesPerSecond: 60,
        height: 1080,
        lossless: false,
        path: 'C:\\Users\\caster\\Videos\\game.webm',
        recording: false,
        replaySpeed: 1,
        startTime: 60,
        width: 1920,
      },
    ],
  },
  {
    path: '/replay/sequence',
    schema: sequenceSchema,
    read: (c) => c.sequence(),
    samples: [
      {
        playbackSpeed: [{ time: 10, value: 0.5, blend: 'linear' }],
        cameraPosition: [
          { time: 10, value: { x: 100, y: 200, z: 300 }, blend: 'smoothStep' },
          { time: 14, value: { x: 900, y: 200, z: 300 }, blend: 'linear' },
        ],
        depthFogColor: [{ time: 12, value: { r: 0.1, g: 0.2, b: 0.3, a: 1 }, blend: 'linear' }],
      },
      {},
    ],
  },
];

/** What the game answers a read with: the resource, or an error status with its error body. */
function answers(resource: Resource): fc.Arbitrary<HttpOutcome> {
  const errorBody = { errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404, message: 'Resource not found' };
  return fc.oneof(
    {
      arbitrary: jsonInputs(resource.samples).map((body): HttpOutcome => ({
        kind: 'ok',
        status: 200,
        headers: {},
        body,
      })),
      weight: 4,
    },
    {
      arbitrary: fc
        .record({
          status: fc.constantFrom(400, 403, 404, 405, 500, 503),
          body: jsonInputs([errorBody]),
          text: fc.oneof(
            fc.constant(JSON.stringify(errorBody)),
            fc.string({ unit: 'binary', maxLength: 400 }),
          ),
        })
        .map((answer): HttpOutcome => ({ kind: 'http-error', headers: {}, ...answer })),
      weight: 1,
    },
  );
}

describe('replay resources, fuzzed', () => {
  for (const resource of RESOURCES) {
    fuzzParser({
      name: `replay ${resource.path}`,
      inputs: answers(resource),
      parse: async (answer): Promise<Parsed<unknown>> => {
        const { client: http } = createScriptedHttpClient(() => answer);
        const replay = createReplayClient({ http, baseUrl: () => 'https://127.0.0.1:2999', now: () => 0 });
        const read = await resource.read(replay);
        return read.ok ? read : { ok: false, message: read.error.message };
      },
      outputProblem: (value) => schemaProblem(resource.schema, value),
    });
  }
});

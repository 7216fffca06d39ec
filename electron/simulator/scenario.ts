import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { cardScenarioSchema } from './cardScenario';
import { intervalSchema } from './intervals';
import { liveScenarioSchema } from './liveScenario';

/** A scenario: what each simulated client does over time. Documented field by field in README.md. */

export const SERVICE_NAMES = ['live', 'card', 'replay'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const FAULT_KINDS = [
  'refused',
  'not-found-loading',
  'server-error',
  'hang',
  'slow-body',
  'malformed-json',
  'truncated-body',
  'unknown-ca',
  'schema-missing-property',
  'schema-retyped-property',
  'schema-published',
  'reset-mid-body',
  'oversize-body',
  'wrong-shape',
  'clock-back',
  'client-restart',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that act on the connection, before any HTTP: they cannot be limited to paths. */
export const CONNECTION_FAULTS: readonly FaultKind[] = ['refused', 'unknown-ca', 'client-restart'];
/** Faults while which the client process is gone: its port refuses connections. */
export const PROCESS_GONE_FAULTS: readonly FaultKind[] = ['refused', 'client-restart'];
/** How far back `clock-back` sets the live game's clock, in game seconds. */
export const CLOCK_BACK_SECONDS = 60;
/** The body `oversize-body` streams: far over any cap a client should have. */
export const OVERSIZE_BODY_BYTES = 64 * 1024 * 1024;

const seconds = z.number().nonnegative();
const requestPath = z.string().startsWith('/', 'must start with "/"');

const replayScenarioSchema = z.strictObject({
  /** false: EnableReplayApi is off in game.cfg, every /replay/* answers 404. */
  enabled: z.boolean().default(true),
  /** Replay length in game seconds. */
  length: z.number().positive().default(1800),
  startTime: seconds.default(0),
  paused: z.boolean().default(false),
  speed: z.number().positive().max(8).default(1),
  processID: z.number().int().positive().default(24816),
  /** Intervals (scenario seconds) when no replay runs: connection refused. */
  absent: z.array(intervalSchema).default([]),
  /** Render fields merged over the defaults. */
  render: z.record(z.string(), z.unknown()).default({}),
  /** Particle name → visible; replaces the default particle list when given. */
  particles: z.record(z.string(), z.boolean()).optional(),
  /**
   * true: the live data API (events, players, scores) reports the game at the replay's playback time, as a
   * real replay's does: what the replay has played, not a game running beside it. Meant with a spectator
   * `live` whose events are the replay's game.
   */
  drivesLiveData: z.boolean().default(false),
  /** Game window size, reported by /replay/recording. */
  window: z
    .strictObject({ width: z.number().int().positive(), height: z.number().int().positive() })
    .default({ width: 1920, height: 1080 }),
});
export type ReplayScenario = z.output<typeof replayScenarioSchema>;

const faultSchema = z
  .strictObject({
    service: z.enum(SERVICE_NAMES),
    from: seconds.default(0),
    to: seconds.optional(),
    fault: z.enum(FAULT_KINDS),
    /** Request paths (prefixes) the fault applies to; all paths when absent. */
    paths: z.array(requestPath).min(1).optional(),
  })
  .superRefine((fault, ctx) => {
    if (fault.to !== undefined && fault.to <= fault.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must be after "from"' });
    }
    if (fault.paths && CONNECTION_FAULTS.includes(fault.fault)) {
      ctx.addIssue({
        code: 'custom',
        path: ['paths'],
        message: `cannot be used with "${fault.fault}", which acts on the connection`,
      });
    }
    if (fault.fault.startsWith('schema-') && fault.service === 'card') {
      ctx.addIssue({
        code: 'custom',
        path: ['fault'],
        message: `"${fault.fault}" changes an API description; the card client serves none`,
      });
    }
    if (fault.fault === 'unknown-ca' && fault.service === 'card') {
      ctx.addIssue({
        code: 'custom',
        path: ['fault'],
        message: '"unknown-ca" needs HTTPS; the card client is plain HTTP',
      });
    }
  });
export type ScenarioFault = z.output<typeof faultSchema>;

export const scenarioSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  /** Scenario seconds per real second: 10 runs the scenario ten times faster. */
  timeScale: z.number().positive().default(1),
  /** Omitted: the arena game never runs (connection refused). */
  live: liveScenarioSchema.optional(),
  /** Omitted: the card client never runs. */
  card: cardScenarioSchema.optional(),
  /** Omitted: no replay runs. */
  replay: replayScenarioSchema.optional(),
  faults: z.array(faultSchema).default([]),
});

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** A scenario that failed validation; `problems` lists each one as "path: message". */
export class ScenarioError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ScenarioError';
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text || '(top level)';
}

export function parseScenario(input: unknown, source = 'scenario'): Scenario {
  const result = scenarioSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  throw new ScenarioError(
    `Invalid ${source}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    problems,
  );
}

/** `readText`: how the file is read; the CLI's also takes `-` for standard input. */
export async function loadScenarioFile(
  path: string,
  readText: (path: string) => Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<Scenario> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new ScenarioError(`Cannot read scenario file ${path} (${reason})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(
      `Scenario file ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseScenario(json, `scenario file ${path}`);
}

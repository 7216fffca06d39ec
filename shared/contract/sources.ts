/** The outside services the app watches, each with a connection state the UI can show as it is. */
export const SOURCE_IDS = ['live', 'card', 'replay'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export const SOURCE_LABELS: Record<SourceId, string> = {
  live: 'Arena live client',
  card: 'Card client',
  replay: 'Replay API',
};

/**
 * not-running: nothing answers (connection refused).
 * waiting: something answers but has nothing for us yet (loading screen, no game, API disabled).
 * connected: valid data is flowing.
 * error: it answers wrongly or cannot be trusted; `reason` says how.
 */
export type ConnectionState = 'not-running' | 'waiting' | 'connected' | 'error';

export interface SourceStatus {
  state: ConnectionState;
  /** A short sentence for the user ("untrusted certificate", "loading screen"), null when there is nothing to add. */
  reason: string | null;
  /** Epoch ms of the last change of state or reason. */
  since: number;
  /** How the client's own API description compares with what Sightline relies on; absent until checked. */
  schema?: SchemaCheck;
  /**
   * What Sightline found out about the reason, one sentence each (the game.cfg diagnosis while the replay
   * API is off); absent when there is nothing to add.
   */
  findings?: string[];
  /**
   * The user's other Sightline processes that asked this client in the last few seconds (the schedule they
   * share keeps the client at its rate for all of them together); absent when none did.
   */
  alsoAskedBy?: OtherAsker[];
}

/** Another Sightline process asking the same game client. */
export interface OtherAsker {
  pid: number;
  /** `app`, `serve`, or the CLI command (`doctor`, `replay`…). */
  kind: string;
  /** Epoch ms since when it has been asking. */
  since: number;
}

/** The process as the user started it: "the Sightline app", "sightline doctor". */
export function describeAskerProcess(asker: OtherAsker): string {
  return asker.kind === 'app' ? 'the Sightline app' : `sightline ${asker.kind}`;
}

/** "Also asked by sightline doctor (pid 4321) since 19:41:02", the time as the caller writes it. */
export function describeOtherAsker(asker: OtherAsker, time: (epochMs: number) => string): string {
  return `Also asked by ${describeAskerProcess(asker)} (pid ${asker.pid}) since ${time(asker.since)}`;
}

/** The state in a word or two ("connected", "not running"), for a line with no room for the reason. */
export function sourceStateLabel(status: SourceStatus): string {
  return status.state === 'not-running' ? 'not running' : status.state;
}

export function describeSourceStatus(status: SourceStatus): string {
  const label = sourceStateLabel(status);
  return status.reason ? `${label}: ${status.reason}` : label;
}

/** JSON Schema type names, as the client's Swagger and OpenAPI documents spell them. */
export type JsonTypeName = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';

/**
 * Where a drift was seen. response: an answer of the client lacks or retypes the property (the client
 * changed; an answer is ground truth where the document disagrees). document: only the client's API
 * description says so, its answers agreeing with Sightline or not sampled (request bodies, paths).
 */
export type DriftSeenIn = 'document' | 'response';

/**
 * One difference between the client's API description or answers and what Sightline reads or sends there.
 * `property` is a dotted path into the body (`runes.keystone.id`, `items[].itemID`); null when the
 * whole path is missing, or only `method` is.
 */
export type SchemaDrift =
  | { path: string; method: 'GET' | 'POST' | null; property: null; change: 'missing'; seenIn: DriftSeenIn }
  | { path: string; method: null; property: string; change: 'missing'; seenIn: DriftSeenIn }
  | {
      path: string;
      method: null;
      property: string;
      change: 'retyped';
      now: JsonTypeName;
      seenIn: DriftSeenIn;
    };

/**
 * matches: every path, property and type Sightline relies on is described as it expects.
 * none-served: the client serves no API description (the card client never does).
 * unreadable: a description is served but could not be read; `reason` says why.
 */
export type SchemaCheck =
  | { kind: 'matches' }
  | { kind: 'drifts'; drifts: SchemaDrift[] }
  | { kind: 'none-served' }
  | { kind: 'unreadable'; reason: string };

const ARTICLE: Record<JsonTypeName, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
};

/** Which of the two drifted, as the drift's last words: "in the document", "in the response". */
export function driftSeenInText(drift: SchemaDrift): string {
  return `in the ${drift.seenIn}`;
}

/**
 * For people: "/replay/playback: property length missing in the response", "/liveclientdata/playerlist: riotId is
 * now an object in the document".
 */
export function describeSchemaDrift(drift: SchemaDrift): string {
  const where = driftSeenInText(drift);
  if (drift.property === null) return `${drift.path}: ${drift.method ?? 'path'} missing ${where}`;
  if (drift.change === 'missing') return `${drift.path}: property ${drift.property} missing ${where}`;
  return `${drift.path}: ${drift.property} is now ${ARTICLE[drift.now]} ${where}`;
}

export function describeSchemaCheck(check: SchemaCheck): string {
  switch (check.kind) {
    case 'matches':
      return 'schema: matches';
    case 'drifts':
      return `schema: ${check.drifts.length} ${check.drifts.length === 1 ? 'drift' : 'drifts'}: ${check.drifts.map(describeSchemaDrift).join('; ')}`;
    case 'none-served':
      return 'schema: none served';
    case 'unreadable':
      return `schema: unreadable (${check.reason})`;
  }
}

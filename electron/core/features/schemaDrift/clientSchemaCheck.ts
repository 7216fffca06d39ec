import type { SchemaCheck, SchemaDrift } from '@shared/contract';
import { describeFailure, type HttpClient } from '../../platform/net/httpClient';
import expectedSchema from './expectedSchema.json';
import { findResponseDrifts, isErrorAnswer } from './responseComparer';
import { findSchemaDrifts, readClientDescription } from './schemaComparer';
import type { ExpectedOperation, SchemaExpectations, SchemaSource } from './schemaExpectations';

/** The committed expectations (kept equal to the contract by schemaExpectations.test.ts). */
export const SCHEMA_EXPECTATIONS = expectedSchema as SchemaExpectations;

/** Where the arena client describes its API; OpenAPI 3 first, Swagger 2 when that one is missing. */
export const CLIENT_DESCRIPTION_PATHS = ['/swagger/v3/openapi.json', '/swagger/v2/swagger.json'] as const;

const TIMEOUT_MS = 5000;

export interface ClientSchemaCheckOptions {
  http: HttpClient;
  /** The client's base URL, e.g. https://127.0.0.1:2999. */
  baseUrl: string;
  /** Which of Sightline's paths to compare: /liveclientdata/* or /replay/*. */
  source: SchemaSource;
  expectations?: SchemaExpectations;
  signal?: AbortSignal;
}

/**
 * Reads the client's API description once and compares it, then one answer of each path Sightline reads
 * there: where an answer drifted, that drift is the one told (seen in the response), the document's own
 * at the same property giving way. Null when cancelled.
 */
export async function checkClientSchema(options: ClientSchemaCheckOptions): Promise<SchemaCheck | null> {
  const { http, baseUrl, source, signal } = options;
  const operations = (options.expectations ?? SCHEMA_EXPECTATIONS).operations.filter(
    (operation) => operation.source === source,
  );
  let problem: string | null = null;
  for (const path of CLIENT_DESCRIPTION_PATHS) {
    const outcome = await http.send({ url: `${baseUrl}${path}`, timeoutMs: TIMEOUT_MS, signal });
    if (outcome.kind === 'aborted') return null;
    if (outcome.kind === 'http-error' && outcome.status === 404) continue;
    if (outcome.kind !== 'ok') {
      problem ??= `${path}: ${describeFailure(outcome)}`;
      continue;
    }
    const description = readClientDescription(outcome.body);
    if ('problem' in description) {
      problem ??= `${path}: ${description.problem}`;
      continue;
    }
    let documentDrifts: SchemaDrift[];
    try {
      documentDrifts = findSchemaDrifts(description, operations);
    } catch (error) {
      problem ??= `${path}: ${error instanceof Error ? error.message : String(error)}`;
      continue;
    }
    const responseDrifts = await sampleResponses(options, operations);
    if (responseDrifts === null) return null;
    const drifts = mergeDrifts(documentDrifts, responseDrifts);
    return drifts.length === 0 ? { kind: 'matches' } : { kind: 'drifts', drifts };
  }
  return problem === null ? { kind: 'none-served' } : { kind: 'unreadable', reason: problem };
}

/**
 * One answer of each GET body Sightline reads, compared with what it expects; null when cancelled. A
 * path that does not answer now (a spectator's activeplayer, a replay still loading) is not sampled.
 */
async function sampleResponses(
  options: ClientSchemaCheckOptions,
  operations: readonly ExpectedOperation[],
): Promise<SchemaDrift[] | null> {
  const { http, baseUrl, signal } = options;
  const sampled = operations.filter((operation) => operation.method === 'get' && operation.response);
  const outcomes = await Promise.all(
    sampled.map((operation) =>
      http.send({ url: `${baseUrl}${operation.path}`, timeoutMs: TIMEOUT_MS, signal }),
    ),
  );
  if (outcomes.some((outcome) => outcome.kind === 'aborted')) return null;
  return sampled.flatMap((operation, index) => {
    const outcome = outcomes[index];
    if (outcome?.kind !== 'ok' || !operation.response || isErrorAnswer(outcome.body)) return [];
    return findResponseDrifts(operation.path, outcome.body, operation.response);
  });
}

const driftKey = (drift: SchemaDrift): string => `${drift.path} ${drift.property ?? ''}`;

/** The document's drifts, each replaced by the response's at the same property, then the responses' others. */
function mergeDrifts(documentDrifts: SchemaDrift[], responseDrifts: SchemaDrift[]): SchemaDrift[] {
  const byKey = new Map(responseDrifts.map((drift) => [driftKey(drift), drift]));
  const merged = documentDrifts.map((drift) => byKey.get(driftKey(drift)) ?? drift);
  const told = new Set(merged.map(driftKey));
  return [...merged, ...responseDrifts.filter((drift) => !told.has(driftKey(drift)))];
}

import type { SchemaCheck } from '@shared/contract';
import { describeFailure, type HttpClient } from '../net/httpClient';
import expectedSchema from './expectedSchema.json';
import { findSchemaDrifts, readClientDescription } from './schemaComparer';
import type { SchemaExpectations, SchemaSource } from './schemaExpectations';

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

/** Reads the client's API description once and compares it; null when cancelled. */
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
    try {
      const drifts = findSchemaDrifts(description, operations);
      return drifts.length === 0 ? { kind: 'matches' } : { kind: 'drifts', drifts };
    } catch (error) {
      problem ??= `${path}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return problem === null ? { kind: 'none-served' } : { kind: 'unreadable', reason: problem };
}

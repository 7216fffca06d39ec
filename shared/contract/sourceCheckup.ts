import { z } from 'zod';
import type { SchemaCheck, SourceId, SourceStatus } from './sources';

/** One source as `sightline doctor` reports it. */
export interface SourceFinding {
  status: SourceStatus;
  /** Null when not checked: the source is not connected (the card client never describes its API). */
  schema: SchemaCheck | null;
}

export type SourceFindings = Record<SourceId, SourceFinding>;

/**
 * `sightline doctor` beside the running Sightline: the game clients it talks to, and what it knows of them
 * (companion audience only). The command asks no client itself then, so each client sees one schedule.
 */
export const sourceCheckupRequestInputSchemas = {
  /** The base URL of each game client the core polls. */
  'sources.clients': z.strictObject({}),
  /** Each source's state and API description check, from the core's own polling: no extra request. */
  'sources.checkup': z.strictObject({}),
} as const;

export interface SourceCheckupRequestOutputs {
  'sources.clients': Record<SourceId, string>;
  'sources.checkup': SourceFindings;
}

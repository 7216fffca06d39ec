import type {
  AppState,
  ConnectionState,
  OtherAsker,
  SchemaCheck,
  SourceId,
  SourceStatus,
} from '@shared/contract';
import { describeFailure } from '../net/httpClient';
import type { HttpOutcome } from '../net/httpExchange';
import type { StateHub } from '../hub/stateHub';

/**
 * Records a source's connection state; `since` moves only when the state or reason changes. A schema
 * check belongs to one run of the client: it is kept while the client answers and dropped when it goes.
 * Findings belong to this report: each report replaces them.
 */
export function reportSourceStatus(
  hub: StateHub<AppState>,
  id: SourceId,
  state: ConnectionState,
  reason: string | null,
  now: number,
  findings: readonly string[] = [],
): void {
  const previous = hub.state.sources[id];
  const unchanged = previous.state === state && previous.reason === reason;
  if (unchanged && sameLines(previous.findings ?? [], findings)) return;
  const { schema, alsoAskedBy } = previous;
  const next: SourceStatus = {
    state,
    reason,
    since: unchanged ? previous.since : now,
    ...(schema && state !== 'not-running' ? { schema } : {}),
    ...(findings.length > 0 ? { findings: [...findings] } : {}),
    ...(alsoAskedBy ? { alsoAskedBy } : {}),
  };
  hub.set('sources', { ...hub.state.sources, [id]: next });
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}

/** Records what the client's API description says against what Sightline relies on. */
export function reportSourceSchema(hub: StateHub<AppState>, id: SourceId, schema: SchemaCheck): void {
  hub.set('sources', { ...hub.state.sources, [id]: { ...hub.state.sources[id], schema } });
}

/** Records which other Sightline processes ask the source's client (none: the field goes). */
export function reportSourceAskers(
  hub: StateHub<AppState>,
  id: SourceId,
  askers: readonly OtherAsker[],
): void {
  const { alsoAskedBy: previous = [], ...status } = hub.state.sources[id];
  const same =
    previous.length === askers.length &&
    previous.every(
      (asker, index) =>
        asker.pid === askers[index]?.pid &&
        asker.kind === askers[index]?.kind &&
        asker.since === askers[index]?.since,
    );
  if (same) return;
  const next: SourceStatus = askers.length > 0 ? { ...status, alsoAskedBy: [...askers] } : status;
  hub.set('sources', { ...hub.state.sources, [id]: next });
}

/** The default reading of a failed request; each watcher overrides what its client means by it. */
export function statusOfFailure(outcome: Exclude<HttpOutcome, { kind: 'ok' }>): {
  state: ConnectionState;
  reason: string | null;
} {
  if (outcome.kind === 'refused') return { state: 'not-running', reason: null };
  return { state: 'error', reason: describeFailure(outcome) };
}

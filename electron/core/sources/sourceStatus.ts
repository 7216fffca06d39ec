import type { AppState, ConnectionState, SourceId, SourceStatus } from '@shared/contract';
import { describeFailure, type HttpOutcome } from '../net/httpClient';
import type { StateHub } from '../hub/stateHub';

/** Records a source's connection state; `since` moves only when the state or reason changes. */
export function reportSourceStatus(
  hub: StateHub<AppState>,
  id: SourceId,
  state: ConnectionState,
  reason: string | null,
  now: number,
): void {
  const previous = hub.state.sources[id];
  if (previous.state === state && previous.reason === reason) return;
  const next: SourceStatus = { state, reason, since: now };
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

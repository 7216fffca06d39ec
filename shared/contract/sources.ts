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
}

export function describeSourceStatus(status: SourceStatus): string {
  const label = status.state === 'not-running' ? 'not running' : status.state;
  return status.reason ? `${label}: ${status.reason}` : label;
}

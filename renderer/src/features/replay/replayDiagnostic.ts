import type { ReplayFailureKind, SourceStatus } from '@shared/contract';

/** What the caster panel says when it cannot drive a replay, and which fix it offers. */
export interface ReplayDiagnostic {
  tone: 'off' | 'wait' | 'bad';
  title: string;
  /** The core's own sentence, shown as it is. */
  detail: string | null;
  /** What the core found out about it (game.cfg's diagnosis), one line each. */
  findings: string[];
  /** The replay API is switched off in game.cfg: offer the switch. */
  offerGameCfg: boolean;
}

/** null when connected: nothing stands in the way. */
export function describeReplayConnection(
  status: SourceStatus | null,
  problem: ReplayFailureKind | null,
): ReplayDiagnostic | null {
  if (status === null) {
    return {
      tone: 'off',
      title: 'Connecting to Sightline…',
      detail: null,
      findings: [],
      offerGameCfg: false,
    };
  }
  const detail = status.reason;
  const findings = status.findings ?? [];
  const offerGameCfg = problem === 'api-disabled';
  switch (status.state) {
    case 'connected':
      return null;
    case 'not-running':
      return {
        tone: 'off',
        title: 'No replay running',
        detail: detail ?? 'no game or replay running',
        findings,
        offerGameCfg,
      };
    case 'waiting':
      return {
        tone: 'wait',
        title: offerGameCfg
          ? 'Replay control is switched off in the game'
          : problem === 'live-game'
            ? 'A live game, not a replay'
            : 'Waiting for the replay',
        detail,
        findings,
        offerGameCfg,
      };
    case 'error':
      return { tone: 'bad', title: 'Cannot reach the replay', detail, findings, offerGameCfg };
  }
}

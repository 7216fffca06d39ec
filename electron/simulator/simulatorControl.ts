import type { CardClientView } from './cardClientService';
import type { LivePhase } from './liveGameModel';
import type { PlaybackRecord, RecordingRecord } from './replayState';
import type { RequestStats } from './requestLog';
import type { FaultKind, Scenario, ServiceName } from './scenario';

/** How tests and tools steer a running simulator (in process, or over the control port). */

export interface SimulatorState {
  /** Scenario seconds since the last (re)start. */
  scenarioTime: number;
  timeScale: number;
  live: { listening: boolean; phase: LivePhase; gameTime: number };
  card: { listening: boolean; view: CardClientView };
  replay: {
    listening: boolean;
    enabled: boolean;
    playback: PlaybackRecord | null;
    render: Record<string, unknown> | null;
    sequence: Record<string, unknown> | null;
    recording: RecordingRecord | null;
    particles: Record<string, boolean> | null;
  };
  /** Faults acting on every path of each service right now (scenario or control). */
  faults: Record<ServiceName, FaultKind | null>;
  requests: RequestStats;
}

export interface SimulatorControl {
  /** Overrides the scenario's faults for a service until cleared with null (or a restart). */
  setFault(service: ServiceName, fault: FaultKind | null, paths?: readonly string[]): Promise<void>;
  /** Scenario time back to 0 with fresh state, optionally with another scenario; clears control faults. */
  restart(scenario?: Scenario): Promise<void>;
  /** Jumps scenario time forward. */
  advance(seconds: number): Promise<void>;
  state(): SimulatorState;
  requests(): RequestStats;
  resetRequests(): void;
}

/** A control call that cannot be done as asked; the message says why. */
export class ControlError extends Error {
  override name = 'ControlError';
}

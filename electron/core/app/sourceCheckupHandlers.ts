import type { AppState, SourceCheckupRequestOutputs, SourceFinding, SourceId } from '@shared/contract';
import type { RequestHandlers } from '../platform/router/requestRouter';
import type { StateHub } from '../platform/hub/stateHub';

export interface SourceCheckupHandlerDeps {
  hub: StateHub<AppState>;
  /** The base URL of each game client the core polls. */
  urls(): Record<SourceId, string>;
  /** How long a connected arena source's description check may take to land (doctor's own wait alone). */
  timeoutMs?: number;
}

/** The arena sources whose API description the core compares (schemaDriftFeature.ts). */
const DESCRIBED: readonly SourceId[] = ['live', 'replay'];

/**
 * `sightline doctor` answered by the running Sightline from its own polling: the state each watcher reports
 * and the description check the drift watcher makes once per run of a client. No client is asked anything
 * more, so each sees the one schedule of the machine.
 */
export function createSourceCheckupHandlers(
  deps: SourceCheckupHandlerDeps,
): Pick<RequestHandlers, keyof SourceCheckupRequestOutputs> {
  const { hub } = deps;
  // A connected source's check is on its way until its result lands.
  const checked = (): boolean =>
    DESCRIBED.every((id) => {
      const status = hub.state.sources[id];
      return status.state !== 'connected' || status.schema !== undefined;
    });
  const finding = (id: SourceId): SourceFinding => {
    const { schema, ...status } = hub.state.sources[id];
    const described = DESCRIBED.includes(id) && status.state === 'connected';
    return { status, schema: described ? (schema ?? null) : null };
  };

  return {
    'sources.clients': async () => deps.urls(),
    'sources.checkup': async () => {
      await until(hub, checked, deps.timeoutMs ?? 10_000);
      return { live: finding('live'), replay: finding('replay'), card: finding('card') };
    },
  };
}

function until(hub: StateHub<AppState>, done: () => boolean, timeoutMs: number): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = hub.subscribe(() => {
      if (done()) finish();
    });
  });
}

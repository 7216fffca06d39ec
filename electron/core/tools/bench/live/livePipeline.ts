import { initialAppState, type AppState, type StateMessage } from '@shared/contract';
import { StateHub } from '../../../platform/hub/stateHub';
import { silentLogger } from '../../../platform/log/logger';
import type { HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { createLiveClientWatcher, type LiveClientWatcher } from '../../../features/live/liveClientWatcher';
import { createSteppedScheduler } from './steppedScheduler';

/**
 * The live feature's whole core path, fed by canned response texts instead of sockets: the watcher
 * (JSON parse, zod, reducer) and the state hub (diff, publish), on a stepped clock.
 */
export interface LivePipeline {
  hub: StateHub<AppState>;
  watcher: LiveClientWatcher;
  /** Runs one poll cycle, one second of game after the last. */
  poll(): Promise<void>;
  stop(): void;
}

export interface PipelineOptions {
  /** The body text for a path such as /liveclientdata/eventdata?eventID=3. */
  answer(pathAndQuery: string): string;
  /** Called when the cycle's last response has been received, before any of it is processed. */
  onResponses?(): void;
  onMessage?(message: StateMessage<AppState>): void;
  /** Where the stepped clock starts (ms since the epoch): a page that draws the game's clock against its own reads it from here. */
  startsAt?: number;
}

const ENDPOINTS_PER_CYCLE = 4;

export function createLivePipeline(options: PipelineOptions): LivePipeline {
  const stepper = createSteppedScheduler(options.startsAt ?? 1_700_000_000_000);
  const hub = new StateHub<AppState>(initialAppState(stepper.scheduler.now()));
  let served = 0;
  const http: HttpClient = {
    send: async (request) => {
      const url = new URL(request.url);
      const text = options.answer(`${url.pathname}${url.search}`);
      served += 1;
      if (served % ENDPOINTS_PER_CYCLE === 0) options.onResponses?.();
      // What the real client does with a body: parse it as JSON.
      const outcome: HttpOutcome = { kind: 'ok', status: 200, headers: {}, body: JSON.parse(text) };
      return outcome;
    },
    close: () => undefined,
  };
  const watcher = createLiveClientWatcher({
    http,
    hub,
    scheduler: stepper.scheduler,
    logger: silentLogger,
    baseUrl: () => 'https://127.0.0.1:2999',
    intervalMs: () => 1000,
  });
  const unsubscribe = options.onMessage ? hub.subscribe(options.onMessage) : () => undefined;
  watcher.start();
  return {
    hub,
    watcher,
    poll: () => stepper.runNext(),
    stop: () => {
      watcher.stop();
      unsubscribe();
    },
  };
}

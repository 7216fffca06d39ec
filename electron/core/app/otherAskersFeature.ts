import type { AppState, SourceId } from '@shared/contract';
import { SOURCE_IDS } from '@shared/contract';
import { cardClientUrl } from '../features/card/cardFeature';
import type { Feature, FeatureContext } from '../platform/feature/feature';
import type { StateHub } from '../platform/hub/stateHub';
import type { Logger } from '../platform/log/logger';
import type { SharedPacingSchedule } from '../platform/net/sharedPacingSchedule';
import { createPoller, type Poller, type Scheduler } from '../platform/polling/poller';
import { ASKED_WITHIN_MS, askersBySource } from './gameClientAskers';
import { reportSourceAskers } from '../platform/sources/sourceStatus';

export interface OtherAskersWatcherDeps {
  schedule: SharedPacingSchedule;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  /** Each source's client as this process asks it. */
  urls(): Record<SourceId, string>;
  intervalMs?: number;
}

/** How often the Status page learns who else asks the clients: well within ASKED_WITHIN_MS. */
const LOOK_EVERY_MS = 2_000;

/** Keeps each source's `alsoAskedBy` up to date from the schedule the processes share. */
export function createOtherAskersWatcher(deps: OtherAskersWatcherDeps): Poller {
  const intervalMs = deps.intervalMs ?? LOOK_EVERY_MS;
  return createPoller({
    intervalMs,
    maxIdleIntervalMs: intervalMs,
    scheduler: deps.scheduler,
    cycle: async () => {
      const bySource = askersBySource(await deps.schedule.otherAskers(ASKED_WITHIN_MS), deps.urls());
      for (const id of SOURCE_IDS) reportSourceAskers(deps.hub, id, bySource[id]);
      return 'active';
    },
    onError: (error) => deps.logger.warn('could not read who else asks the game clients', { error }),
  });
}

/** The app's view of the other Sightline processes asking its game clients, on the Status page. */
export function createOtherAskersFeature(context: FeatureContext, schedule: SharedPacingSchedule): Feature {
  const { settings } = context;
  const poller = createOtherAskersWatcher({
    ...context,
    schedule,
    urls: () => ({
      live: settings.effective.live.url,
      replay: settings.effective.replay.url,
      card: cardClientUrl(context.env, context.settings.effective),
    }),
  });
  return { handlers: {}, pollers: [poller] };
}

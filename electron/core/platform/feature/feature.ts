import { initialAppState, type AppState, type RequestChannel } from '@shared/contract';
import type { RequestHandlers } from '../router/requestRouter';
import { createDataFolderStatus, type DataFolderStatus } from '../dataFolder/dataFolderStatus';
import type { PublicRoute } from '../router/publicRoute';
import { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient } from '../net/httpClient';
import { realScheduler, type Poller, type Scheduler } from '../polling/poller';
import type { EnvironmentOverrides } from '../settings/environment';
import type { SettingsStore } from '../settings/settingsStore';

/** What every feature of the core is given: the shared services, never Electron. */
export interface FeatureContext {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  settings: SettingsStore;
  env: EnvironmentOverrides;
  dataDir: string;
  resourcesDir: string;
  /** Damaged files moved aside at start, and a data folder that cannot be written: told on the Status page. */
  dataFolder: DataFolderStatus;
}

/**
 * What a FeatureContext is made from: without a hub or a scheduler, a fresh app state on the real clock; without
 * a data folder status, one that tells that hub.
 */
export interface FeatureServices extends Omit<FeatureContext, 'hub' | 'scheduler' | 'dataFolder'> {
  hub?: StateHub<AppState>;
  scheduler?: Scheduler;
  dataFolder?: DataFolderStatus;
}

/** The one way a FeatureContext is built: by the app, a CLI command or a test. */
export function createFeatureContext(services: FeatureServices): FeatureContext {
  const scheduler = services.scheduler ?? realScheduler;
  const hub = services.hub ?? new StateHub<AppState>(initialAppState(scheduler.now()));
  const dataFolder =
    services.dataFolder ??
    createDataFolderStatus({
      hub,
      logger: services.logger,
      dataDir: services.dataDir,
      now: () => scheduler.now(),
    });
  return { ...services, scheduler, hub, dataFolder };
}

/** A feature of the core: the requests it answers and what it runs in the background. */
export interface Feature<C extends RequestChannel = never> {
  handlers: Pick<RequestHandlers, C>;
  pollers: Poller[];
  /** Routes of the browser host reached without its token (see PublicRoute): each authenticates itself. */
  publicRoutes?: PublicRoute[];
  stop?(): Promise<void>;
}

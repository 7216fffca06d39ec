import type { AppState, RequestChannel } from '@shared/contract';
import type { RequestHandlers } from '../bridge/requestRouter';
import type { PublicRoute } from '../host/browserHost';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient } from '../net/httpClient';
import type { Poller, Scheduler } from '../polling/poller';
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
}

/** A feature of the core: the requests it answers and what it runs in the background. */
export interface Feature<C extends RequestChannel = never> {
  handlers: Pick<RequestHandlers, C>;
  pollers: Poller[];
  /** Routes of the browser host reached without its token (see PublicRoute): each authenticates itself. */
  publicRoutes?: PublicRoute[];
  stop?(): Promise<void>;
}

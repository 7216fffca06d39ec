import { join } from 'node:path';
import type { AppState } from '@shared/contract';
import { createFeatureContext, type FeatureContext } from '../../platform/feature/feature';
import type { StateHub } from '../../platform/hub/stateHub';
import { silentLogger, type Logger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import type { Scheduler } from '../../platform/polling/poller';
import { readEnvironment } from '../../platform/settings/environment';
import { SettingsStore } from '../../platform/settings/settingsStore';

export interface TestFeatureContextOptions {
  /** Holds settings.json; also the resources folder unless `resourcesDir` says otherwise. */
  dataDir: string;
  http: HttpClient;
  /** The variables the environment overrides are read from (SIGHTLINE_…); none by default. */
  variables?: NodeJS.ProcessEnv;
  /** Silent by default. */
  logger?: Logger;
  hub?: StateHub<AppState>;
  scheduler?: Scheduler;
  resourcesDir?: string;
}

/** A feature's context for a test, as the app builds it: settings opened from `dataDir` with the given variables. */
export async function openTestFeatureContext(options: TestFeatureContextOptions): Promise<FeatureContext> {
  const logger = options.logger ?? silentLogger;
  const env = readEnvironment(options.variables ?? {});
  const settings = await SettingsStore.open(join(options.dataDir, 'settings.json'), env, logger);
  return createFeatureContext({
    http: options.http,
    hub: options.hub,
    scheduler: options.scheduler,
    logger,
    settings,
    env,
    dataDir: options.dataDir,
    resourcesDir: options.resourcesDir ?? options.dataDir,
  });
}

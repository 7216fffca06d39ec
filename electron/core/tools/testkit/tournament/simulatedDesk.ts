import type { WebApiSettings } from '@shared/contract';
import type { FeatureContext } from '../../../platform/feature/feature';
import type { HttpClient } from '../../../platform/net/httpClient';
import { openTestFeatureContext } from '../testFeatureContext';
import { keyFingerprint } from '../../../features/webApi/key/keyFingerprint';
import { createWebApiStack } from '../../../features/webApi/webApiStack';
import {
  createTournamentFeature,
  type TournamentFeature,
} from '../../../features/tournament/tournamentFeature';

export interface SimulatedDesk {
  context: FeatureContext;
  feature: TournamentFeature;
  close(): Promise<void>;
}

/**
 * The running Sightline's tournament desk on `dataDir`, as a test needs it: its own settings (`webApi`
 * applied first), one web API stack with `apiKey` against the simulated host, and the feature ready.
 */
export async function openSimulatedDesk(options: {
  dataDir: string;
  http: HttpClient;
  hostTemplate: string;
  apiKey: string;
  webApi?: Partial<WebApiSettings>;
  /** The environment's overrides (SIGHTLINE_TOURNAMENT_DATABASE_URL for a desk on a shared database). */
  variables?: NodeJS.ProcessEnv;
}): Promise<SimulatedDesk> {
  const context = await openTestFeatureContext({
    dataDir: options.dataDir,
    http: options.http,
    variables: options.variables,
  });
  if (options.webApi) await context.settings.update({ webApi: options.webApi });
  const stack = createWebApiStack({
    http: options.http,
    scheduler: context.scheduler,
    logger: context.logger,
    settings: () => context.settings.effective.webApi,
    hostTemplate: options.hostTemplate,
    apiKey: async () => options.apiKey,
  });
  const feature = createTournamentFeature(context, {
    webApi: {
      client: stack.client,
      service: stack.service,
      keyFingerprint: async () => keyFingerprint(options.apiKey),
    },
  });
  await feature.ready;
  return {
    context,
    feature,
    close: async () => {
      await feature.stop?.();
      await stack.close();
    },
  };
}

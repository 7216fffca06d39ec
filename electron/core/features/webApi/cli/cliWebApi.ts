import { join } from 'node:path';
import type { Logger } from '../../../platform/log/logger';
import { createHttpClient, type HttpClient } from '../../../platform/net/httpClient';
import { userSharedFolder } from '../../../platform/net/userSharedFolder';
import { realScheduler } from '../../../platform/polling/poller';
import type { EnvironmentOverrides } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import { createApiKeyStore, type ApiKeyStore } from '../key/apiKeyStore';
import { readWebApiEnvironment } from '../webApiEnvironment';
import { createWebApiStack, type WebApiStack } from '../webApiStack';
import type { CommandIo } from '../../../platform/cli/commandIo';

export interface CliWebApi {
  settings: SettingsStore;
  keys: ApiKeyStore;
  http: HttpClient;
  stack: WebApiStack;
  /** Hands the key's limits on to the user's other Sightline processes, then closes `http`. */
  close(): Promise<void>;
}

/**
 * The web API as a command sees it, the same client and limiter as the app: the key from
 * SIGHTLINE_API_KEY or the 0600 file the headless host keeps (a warning goes to stderr), the host from
 * SIGHTLINE_WEB_API_BASE. The limiter's state per key is shared with the user's other Sightline processes
 * (the app's included). The caller calls `close`.
 */
export async function openCliWebApi(
  io: CommandIo,
  env: EnvironmentOverrides,
  dataDir: string,
  logger: Logger,
): Promise<CliWebApi> {
  const webApiEnv = readWebApiEnvironment(io.env);
  const settings = await SettingsStore.open(join(dataDir, 'settings.json'), env, logger);
  const keys = createApiKeyStore({
    storage: { kind: 'plain-file', file: join(dataDir, 'web-api-key') },
    environmentKey: webApiEnv.apiKey,
  });
  const { warning } = await keys.describe();
  if (warning) io.err(`warning: ${warning}`);
  const http = createHttpClient();
  const stack = createWebApiStack({
    http,
    scheduler: realScheduler,
    logger,
    settings: () => settings.effective.webApi,
    hostTemplate: webApiEnv.hostTemplate,
    apiKey: () => keys.read(),
    sharedDir: userSharedFolder(),
  });
  const close = async (): Promise<void> => {
    await stack.close();
    http.close();
  };
  return { settings, keys, http, stack, close };
}

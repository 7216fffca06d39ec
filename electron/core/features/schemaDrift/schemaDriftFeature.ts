import { describeSchemaCheck, type AppState, type SchemaCheck } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { StateHub } from '../../platform/hub/stateHub';
import type { Logger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import { reportSourceSchema } from '../../platform/sources/sourceStatus';
import { checkClientSchema } from './clientSchemaCheck';
import type { SchemaExpectations, SchemaSource } from './schemaExpectations';

// What app/ composes beside the feature (the source checkup).
export { checkClientSchema } from './clientSchemaCheck';

export interface SchemaDriftWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  logger: Logger;
  baseUrl(source: SchemaSource): string;
  expectations?: SchemaExpectations;
}

export interface SchemaDriftWatcher {
  stop(): void;
}

const SOURCES: readonly SchemaSource[] = ['live', 'replay'];
const LABELS: Record<SchemaSource, string> = { live: 'live client', replay: 'replay API' };

/**
 * Compares each arena source's API description with what Sightline relies on, once per run of the
 * client: when the source first connects after being away. A drift is shown and logged; polling goes on.
 */
export function createSchemaDriftWatcher(deps: SchemaDriftWatcherDeps): SchemaDriftWatcher {
  const { hub, logger } = deps;
  // Per source: the check of the client's current run, null until it connects.
  const checks: Record<SchemaSource, AbortController | null> = { live: null, replay: null };

  const check = async (source: SchemaSource, controller: AbortController): Promise<void> => {
    const schema = await checkClientSchema({
      http: deps.http,
      baseUrl: deps.baseUrl(source),
      source,
      expectations: deps.expectations,
      signal: controller.signal,
    });
    if (schema === null || controller.signal.aborted) return;
    reportSourceSchema(hub, source, schema);
    log(source, schema);
  };

  const log = (source: SchemaSource, schema: SchemaCheck): void => {
    const line = `${LABELS[source]} ${describeSchemaCheck(schema)}`;
    if (schema.kind === 'matches' || schema.kind === 'none-served') logger.info(line, { source });
    else logger.warn(line, { source });
  };

  const onState = (): void => {
    for (const source of SOURCES) {
      const { state } = hub.state.sources[source];
      if (state === 'not-running') {
        checks[source]?.abort();
        checks[source] = null;
      } else if (state === 'connected' && !checks[source]) {
        const controller = new AbortController();
        checks[source] = controller;
        void check(source, controller);
      }
    }
  };

  const unsubscribe = hub.subscribe(onState);
  return {
    stop() {
      unsubscribe();
      for (const source of SOURCES) checks[source]?.abort();
    },
  };
}

/** The app's schema drift check, against the live and replay URLs in the settings. */
export function createSchemaDriftFeature(context: FeatureContext): Feature {
  const { settings } = context;
  const watcher = createSchemaDriftWatcher({
    ...context,
    baseUrl: (source) => settings.effective[source].url,
  });
  return { handlers: {}, pollers: [], stop: async () => watcher.stop() };
}

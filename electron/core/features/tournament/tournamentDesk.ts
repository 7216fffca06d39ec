import {
  AppRequestError,
  type AppErrorCode,
  type TournamentApiKind,
  type TournamentApiUse,
} from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import { problem, type WebApiProblem, type WebApiResult } from '../webApi/client/webApiProblem';
import { WEB_API_ERROR_CODES } from '../webApi/webApiFeature';
import { createTournamentApi, type TournamentApi } from './api/tournamentApi';
import { tournamentApiUse } from './api/tournamentEndpoints';
import { openDeskStorage, storageProblem, type DeskStorage } from './database/openDeskStorage';
import { resolveTournamentDatabase } from './database/tournamentDatabaseSetting';
import { signingSecretPath } from './signingSecret';
import type { TournamentDatabaseLocation } from './storage/tournamentDatabaseLocation';
import type { StoredCode, TournamentStore } from './storage/tournamentStore';
import type { TournamentFeatureOptions } from './tournamentOptions';
import { platformOfRegion } from './tournamentResult';

export const fail = (code: AppErrorCode, message: string): never => {
  throw new AppRequestError({ code, message });
};

/** A web API problem raised as the desk's error, kept so the fallback can tell whether to ask again. */
export class WebApiAnswerError extends AppRequestError {
  constructor(readonly problem: WebApiProblem) {
    super({ code: WEB_API_ERROR_CODES[problem.kind], message: problem.message });
  }
}

/** The web API's answer, or the desk's error for its problem. */
export const answer = async <T>(result: Promise<WebApiResult<T>>): Promise<T> => {
  const settled = await result;
  if (settled.ok) return settled.value;
  throw new WebApiAnswerError(settled.problem);
};

export const gameListName = (list: 'v5' | 'v4'): string =>
  list === 'v5' ? 'games/by-code' : 'match-v4 match IDs by code';

/** What the desk's parts share: the tournament API, the signing secret and the database, and what they tell of a code. */
export interface TournamentDesk {
  api: TournamentApi;
  /** The API the desk uses now, from the settings. */
  kind(): TournamentApiKind;
  /** The same, with why it is the stub when it is. */
  use(): TournamentApiUse;
  /** Aborted when the feature stops. */
  signal: AbortSignal;
  /**
   * The secret and the store once opened; rejects as it was when they cannot be. A shared database that
   * cannot be reached is tried again (when the options say so) and this waits until it can.
   */
  opened: Promise<DeskStorage>;
  /** Where the desk's data is, once resolved at start (the environment, the saved URL, or tournaments.db). */
  location(): TournamentDatabaseLocation | null;
  /** The same, or the desk's 'io' error. */
  storage(): Promise<{ secret: Buffer; store: TournamentStore }>;
  storeOf(): Promise<TournamentStore>;
  knownCode(code: string): Promise<StoredCode>;
  platformOfCode(stored: StoredCode): Promise<string | null>;
  gameListOf(tournamentId: number): Promise<'v5' | 'v4' | null>;
  byCodeAvailable(tournamentId: number): Promise<boolean>;
  listedGames(stored: StoredCode, list: 'v5' | 'v4'): Promise<WebApiResult<number>>;
  hasResult(code: string): Promise<boolean>;
  /** Cancels what is on the wire: first when the feature stops. */
  abort(): void;
  /** Closes the database: last when the feature stops. */
  close(): Promise<void>;
}

export function createTournamentDesk(
  context: FeatureContext,
  options: Pick<
    TournamentFeatureOptions,
    'webApi' | 'storePath' | 'secretFile' | 'tournamentKeyConfirmed' | 'secrets' | 'databaseRetry'
  >,
  /** While a shared database is tried again: what to tell, and that it is reached at last. */
  reachability: { unreachable(message: string): void; reachable(): void } = {
    unreachable: () => undefined,
    reachable: () => undefined,
  },
): TournamentDesk {
  const { settings } = context;
  const use = (): TournamentApiUse => {
    const { apiVersion, keyKind, tournamentKeyConfirmed } = settings.effective.webApi;
    return tournamentApiUse(
      apiVersion,
      keyKind,
      options.tournamentKeyConfirmed === true || tournamentKeyConfirmed,
    );
  };
  const kind = () => use().kind;
  const api: TournamentApi = createTournamentApi({
    client: options.webApi.client,
    service: options.webApi.service,
    kind,
  });
  const lifetime = new AbortController();
  const signal = lifetime.signal;

  let location: TournamentDatabaseLocation | null = null;
  // Said by requests while a shared database is being tried again, instead of waiting for it.
  let unreachable: string | null = null;
  const opened = (async (): Promise<DeskStorage> => {
    const where: TournamentDatabaseLocation = options.storePath
      ? { engine: 'file', path: options.storePath }
      : await resolveTournamentDatabase({
          environmentUrl: context.env.tournamentDatabaseUrl,
          secrets: options.secrets ?? null,
          dataDir: context.dataDir,
        });
    location = where;
    const secretFile = options.secretFile ?? signingSecretPath(context.dataDir);
    const retry = where.engine === 'postgres' ? options.databaseRetry : undefined;
    for (let waitMs = retry?.firstMs ?? 0; ; waitMs = Math.min(waitMs * 2, retry?.maxMs ?? 0)) {
      try {
        const storage = await openDeskStorage(where, secretFile);
        unreachable = null;
        if (retry) reachability.reachable();
        return storage;
      } catch (error) {
        if (!retry || signal.aborted) throw error;
        unreachable = `${storageProblem(where, error).replace(/\.$/, '')}; trying again in ${Math.ceil(waitMs / 1000)} s.`;
        context.logger.warn('tournament database unreachable', { error: unreachable });
        reachability.unreachable(unreachable);
        await new Promise<void>((resolve) => {
          const timer = context.scheduler.setTimeout(resolve, waitMs);
          signal.addEventListener('abort', () => (context.scheduler.clearTimeout(timer), resolve()), {
            once: true,
          });
        });
      }
    }
  })();
  let settled = false;
  void opened.then(
    () => (settled = true),
    () => (settled = true),
  );
  const storage = async (): Promise<DeskStorage> => {
    if (!settled && unreachable) return fail('io', unreachable);
    try {
      return await opened;
    } catch (error) {
      return fail('io', storageProblem(location, error));
    }
  };
  const storeOf = async (): Promise<TournamentStore> => (await storage()).store;

  /**
   * Where the end of a code's game shows without the organizer: v5 games/by-code, or v4's match IDs by
   * code (v4 has no games/by-code); null for the stubs, which list neither.
   */
  const gameListOf = async (tournamentId: number): Promise<'v5' | 'v4' | null> => {
    const current = kind();
    if (current !== 'v5' && current !== 'v4') return null;
    const tournament = (await (await storeOf()).listTournaments()).find(
      (item) => item.tournamentId === tournamentId,
    );
    return tournament?.api === current ? current : null;
  };

  /** The platform the code's games are played on, from its provider's region. */
  const platformOfCode = async (stored: StoredCode): Promise<string | null> => {
    const store = await storeOf();
    const tournament = (await store.listTournaments()).find(
      (item) => item.tournamentId === stored.tournamentId,
    );
    const provider = (await store.listProviders()).find((item) => item.providerId === tournament?.providerId);
    return provider ? platformOfRegion(provider.region) : null;
  };

  return {
    api,
    kind,
    use,
    signal,
    opened,
    location: () => location,
    storage,
    storeOf,
    gameListOf,
    platformOfCode,
    /** v5 games/by-code exists for codes of v5 tournaments while the desk uses v5 with a tournament key. */
    byCodeAvailable: async (tournamentId) => (await gameListOf(tournamentId)) === 'v5',
    knownCode: async (code) => {
      const stored = await (await storeOf()).getCode(code.trim());
      return stored ?? fail('not-found', `The code ${code.trim()} was not created by this desk.`);
    },
    /** How many games the API lists for the code, through the list of its version. */
    listedGames: async (stored, list) => {
      if (list === 'v5') {
        const games = await api.gamesByCode(stored.code, signal);
        return games.ok ? { ok: true, value: games.value.length } : games;
      }
      const platform = await platformOfCode(stored);
      if (!platform)
        return problem('refused', `The code ${stored.code} has no platform to look its games up on.`);
      const ids = await options.webApi.service.matchIdsByTournamentCode(stored.code, platform, signal);
      if (ids.ok) return { ok: true, value: ids.value.length };
      return ids.problem.kind === 'not-found' ? { ok: true, value: 0 } : ids;
    },
    hasResult: async (code) => (await (await storeOf()).listResults({ code })).length > 0,
    abort: () => lifetime.abort(),
    close: async () => (await opened.catch(() => null))?.store.close(),
  };
}

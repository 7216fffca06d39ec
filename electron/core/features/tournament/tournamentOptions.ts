import type { SecretStore } from '../../platform/secrets/secretStore';
import type { WebApiFeature } from '../webApi/webApiFeature';

export interface TournamentFeatureOptions {
  /** The web-API feature: its client and limiter, and the key's fingerprint (never the key). */
  webApi: Pick<WebApiFeature, 'client' | 'service' | 'keyFingerprint'>;
  /** 5 minutes unless SIGHTLINE_TOURNAMENT_FALLBACK_MS says otherwise (e2e). */
  fallbackDelayMs?: number;
  /** Between looks at games/by-code for a game on: 2 minutes unless SIGHTLINE_TOURNAMENT_WATCH_MS says otherwise (e2e). */
  resultWatchIntervalMs?: number;
  /** Between looks at games/by-code for a held callback whose game is not listed yet (1 minute). */
  confirmRetryMs?: number;
  lobbyIntervalMs?: number;
  /**
   * The key is confirmed as tournament-enabled for this run whatever the setting says (the command line's
   * --tournament-key); a development key still gets the stub.
   */
  tournamentKeyConfirmed?: boolean;
  /** Defaults: tournaments.db and tournament-signing-secret in the data folder. */
  storePath?: string;
  secretFile?: string;
  /** Where a shared database's URL saved from the Tournaments page is kept (the app's OS-encrypted store). */
  secrets?: SecretStore;
  /**
   * A shared database that cannot be reached at start is tried again, waiting firstMs then doubling to maxMs
   * (the app and serve, which run all evening); without it, the start fails with the reason (a CLI command).
   */
  databaseRetry?: { firstMs: number; maxMs: number };
}

/** Reads the e2e overrides of the 5-minute fallback and the 2-minute games/by-code watch. */
export function readTournamentEnvironment(
  env: NodeJS.ProcessEnv,
): Pick<TournamentFeatureOptions, 'fallbackDelayMs' | 'resultWatchIntervalMs'> {
  const positive = (raw: string | undefined): number | undefined => {
    const value = Number(raw);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const fallbackDelayMs = positive(env.SIGHTLINE_TOURNAMENT_FALLBACK_MS);
  const resultWatchIntervalMs = positive(env.SIGHTLINE_TOURNAMENT_WATCH_MS);
  return {
    ...(fallbackDelayMs ? { fallbackDelayMs } : {}),
    ...(resultWatchIntervalMs ? { resultWatchIntervalMs } : {}),
  };
}

import { homedir } from 'node:os';
import { join } from 'node:path';
import { ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import { checkTournamentDatabaseUrl } from './tournamentDatabaseUrl';

/**
 * Environment variables that tests and tooling use to point Sightline elsewhere. They are part of the
 * documented interface (README) and override settings for this run only; they are never saved.
 */
export interface EnvironmentOverrides {
  dataDir: string | null;
  hostPort: number | null;
  hostToken: string | null;
  liveUrl: string | null;
  /** An extra trusted CA for the arena client: the simulator's, never needed with the real client. */
  liveCaFile: string | null;
  cardUrl: string | null;
  replayUrl: string | null;
  /** The arena game's static data host (Data Dragon). */
  ddragonUrl: string | null;
  /** The card game's bundle host. */
  cardDataUrl: string | null;
  /** Where the arena game constants (queues.json, maps.json…) are. */
  constantsUrl: string | null;
  /** The merch store's base URL for this run (the store simulator in tests); overrides store.url. */
  storeUrl: string | null;
  /** The shared tournament database (postgres://…, password included): a secret, never logged. */
  tournamentDatabaseUrl: string | null;
}

// Checked here: every override has its variable, and no variable is left without an override.
ENVIRONMENT_VARIABLES satisfies Record<keyof EnvironmentOverrides, string>;

export class EnvironmentError extends Error {}

export function readEnvironment(env: NodeJS.ProcessEnv): EnvironmentOverrides {
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const url = (name: string): string | null => {
    const value = text(name);
    if (value === null) return null;
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      throw new EnvironmentError(`${name} must be an http(s) URL, got "${value}".`);
    }
    return value.replace(/\/+$/, '');
  };
  const port = (name: string): number | null => {
    const value = text(name);
    if (value === null) return null;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
      throw new EnvironmentError(`${name} must be a port number (0-65535), got "${value}".`);
    }
    return parsed;
  };
  const token = text(ENVIRONMENT_VARIABLES.hostToken);
  if (token !== null && !/^[A-Za-z0-9_-]{16,128}$/.test(token)) {
    throw new EnvironmentError(
      `${ENVIRONMENT_VARIABLES.hostToken} must be 16-128 characters of A-Z a-z 0-9 _ -.`,
    );
  }
  const tournamentDatabaseUrl = text(ENVIRONMENT_VARIABLES.tournamentDatabaseUrl);
  const tournamentDatabaseProblem =
    tournamentDatabaseUrl === null ? null : checkTournamentDatabaseUrl(tournamentDatabaseUrl);
  if (tournamentDatabaseProblem) {
    // The value is not repeated: it may hold the password.
    throw new EnvironmentError(
      `${ENVIRONMENT_VARIABLES.tournamentDatabaseUrl}: ${tournamentDatabaseProblem}`,
    );
  }
  return {
    dataDir: text(ENVIRONMENT_VARIABLES.dataDir),
    hostPort: port(ENVIRONMENT_VARIABLES.hostPort),
    hostToken: token,
    liveUrl: url(ENVIRONMENT_VARIABLES.liveUrl),
    liveCaFile: text(ENVIRONMENT_VARIABLES.liveCaFile),
    cardUrl: url(ENVIRONMENT_VARIABLES.cardUrl),
    replayUrl: url(ENVIRONMENT_VARIABLES.replayUrl),
    ddragonUrl: url(ENVIRONMENT_VARIABLES.ddragonUrl),
    cardDataUrl: url(ENVIRONMENT_VARIABLES.cardDataUrl),
    constantsUrl: url(ENVIRONMENT_VARIABLES.constantsUrl),
    storeUrl: url(ENVIRONMENT_VARIABLES.storeUrl),
    tournamentDatabaseUrl,
  };
}

/** Where settings, cache and history live when no Electron is there to say (headless host). */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Sightline');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Sightline');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'sightline');
}

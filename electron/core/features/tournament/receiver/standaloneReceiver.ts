import type { ApiVersion } from '@shared/contract';
import { createCallbackReceiver, type CallbackVerdict } from '../callback/callbackReceiver';
import { storageProblem } from '../database/openDeskStorage';
import { loadSigningSecret, signingSecretPath } from '../signingSecret';
import { openTournamentStore, tournamentDbPath, type TournamentStore } from '../storage/tournamentStore';
import { startRouteServer, type RouteServer } from './routeServer';

export interface ListenAddress {
  host: string;
  port: number;
}

export const DEFAULT_RECEIVER_ADDRESS: ListenAddress = { host: '127.0.0.1', port: 8080 };

/** "host:port", "[v6]:port" or ":port" (loopback); refuses anything else with a sentence. */
export function parseListenAddress(
  raw: string,
): { ok: true; value: ListenAddress } | { ok: false; message: string } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(raw.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 0 || port > 65535) {
    return { ok: false, message: `"${raw}" is not host:port (for example 127.0.0.1:8080)` };
  }
  const host = match[1] ?? (match[2] || DEFAULT_RECEIVER_ADDRESS.host);
  return { ok: true, value: { host, port } };
}

export interface StandaloneReceiverOptions {
  /** Where to listen; 127.0.0.1 unless told otherwise (behind a reverse proxy on port 80). */
  listen?: Partial<ListenAddress>;
  /**
   * Holds the signing secret and tournaments.db, both from the organizer's data folder (or is it): only
   * codes in that tournaments.db are taken, and results are added to it.
   */
  dataDir: string;
  /**
   * SIGHTLINE_TOURNAMENT_DATABASE_URL: the desk's shared PostgreSQL database, whose codes are taken and whose
   * signing secret checks them; then nothing is read from the data folder and nothing is copied by hand.
   */
  databaseUrl?: string | null;
  version?: ApiVersion;
  now?: () => number;
  onVerdict?: (verdict: CallbackVerdict) => void;
}

export interface RunningReceiver {
  url: string;
  port: number;
  store: TournamentStore;
  close(): Promise<void>;
}

/** The organizer's copied secret file and tournaments.db: only codes in that file are taken. */
async function openDataFolder(dataDir: string): Promise<{ secret: Buffer; store: TournamentStore }> {
  const secretFile = signingSecretPath(dataDir);
  const secret = await loadSigningSecret(secretFile);
  if (!secret) {
    throw new Error(
      `No signing secret at ${secretFile}: copy the file tournament-signing-secret from the organizer's data folder (keep it 0600).`,
    );
  }
  const store = await openTournamentStore(tournamentDbPath(dataDir), { recoverDamaged: false });
  return { secret, store };
}

/**
 * The shared database: its codes and the secret kept in it (made there by the first process that asked, so a
 * receiver started before any desk signs nothing differently from the desks that come later).
 */
async function openSharedDatabase(url: string): Promise<{ secret: Buffer; store: TournamentStore }> {
  const location = { engine: 'postgres', url } as const;
  try {
    const store = await openTournamentStore(location, { recoverDamaged: false });
    try {
      return { secret: await store.signingSecret(), store };
    } catch (error) {
      await store.close();
      throw error;
    }
  } catch (error) {
    throw new Error(storageProblem(location, error), { cause: error });
  }
}

/**
 * The callback receiver alone, for a public server: an HTTP server with only `POST /tournament/callback`,
 * with the same checks as the app's route (createCallbackReceiver). With the shared database's URL it needs
 * nothing else; without, the organizer's signing secret (never a new one: it would reject every real
 * callback) and the desk's tournaments.db, whose codes are the only ones it takes. It keeps no state of its
 * own: any number may run behind a load balancer, and one killed mid-request loses nothing (the API sends
 * again anything but a 200, and a code's game is recorded once).
 */
export async function startStandaloneReceiver(options: StandaloneReceiverOptions): Promise<RunningReceiver> {
  const { secret, store } = options.databaseUrl
    ? await openSharedDatabase(options.databaseUrl)
    : await openDataFolder(options.dataDir);
  const receiver = createCallbackReceiver({
    secret,
    store,
    now: options.now ?? Date.now,
    version: () => options.version ?? 'v5',
    onVerdict: options.onVerdict,
  });
  const host = options.listen?.host ?? DEFAULT_RECEIVER_ADDRESS.host;
  let server: RouteServer;
  try {
    server = await startRouteServer([receiver.route], {
      host,
      port: options.listen?.port ?? DEFAULT_RECEIVER_ADDRESS.port,
    });
  } catch (error) {
    await store.close();
    throw new Error(
      `The receiver cannot listen on ${host}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const port = server.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${receiver.route.path}`,
    port,
    store,
    close: async () => {
      await server.close();
      await store.close();
    },
  };
}

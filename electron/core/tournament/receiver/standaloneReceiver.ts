import type { ApiVersion } from '@shared/contract';
import { createCallbackReceiver, type CallbackVerdict } from '../callback/callbackReceiver';
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

/**
 * The callback receiver alone, for a public server: an HTTP server with only `POST /tournament/callback`,
 * with the same checks as the app's route (createCallbackReceiver). It needs the organizer's signing
 * secret (never a new one: it would reject every real callback) and the desk's tournaments.db, whose
 * codes are the only ones it takes.
 */
export async function startStandaloneReceiver(options: StandaloneReceiverOptions): Promise<RunningReceiver> {
  const secretFile = signingSecretPath(options.dataDir);
  const secret = await loadSigningSecret(secretFile);
  if (!secret) {
    throw new Error(
      `No signing secret at ${secretFile}: copy the file tournament-signing-secret from the organizer's data folder (keep it 0600).`,
    );
  }
  const store = await openTournamentStore(tournamentDbPath(options.dataDir), { recoverDamaged: false });
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
    store.close();
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
      store.close();
    },
  };
}

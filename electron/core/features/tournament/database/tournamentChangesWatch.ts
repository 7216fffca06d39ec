import pg from 'pg';
import { databaseUrlSecrets, scrubSecrets } from '../../../platform/db/databaseUrl';
import { TOURNAMENT_CHANGES_CHANNEL } from '../storage/tournamentChanges';

export interface TournamentChangesWatch {
  /** Stops listening and ends the connection; no onChange after it resolves. */
  close(): Promise<void>;
}

export interface TournamentChangesWatchOptions {
  /** Notifications within this long of the first are one onChange (a transaction burst is one read). */
  coalesceMs?: number;
  /** The wait before reconnecting, doubled after each failure up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Each time the LISTEN is in place (at start and after each reconnection). */
  onListening?: () => void;
  /** A lost or refused connection, said without the URL (its password). */
  onTrouble?: (message: string) => void;
}

/**
 * Calls onChange soon after another process commits a change to the shared tournament database: LISTEN on
 * TOURNAMENT_CHANGES_CHANNEL over a connection of its own (a pool's would be handed back and lose it). A lost
 * connection is made again with a growing wait, and every LISTEN put in place is followed by one onChange:
 * what was committed while nobody listened is read then, instead of being missed.
 */
export function watchTournamentChanges(
  url: string,
  onChange: () => void,
  options: TournamentChangesWatchOptions = {},
): TournamentChangesWatch {
  const coalesceMs = options.coalesceMs ?? 100;
  const firstRetryMs = options.firstRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let changeTimer: NodeJS.Timeout | null = null;

  const changed = (): void => {
    if (closed || changeTimer) return;
    changeTimer = setTimeout(() => {
      changeTimer = null;
      if (!closed) onChange();
    }, coalesceMs);
  };

  const retryLater = (message: string): void => {
    if (closed || retryTimer) return;
    // The server's words never hold the password, but the URL might be echoed by a driver: scrubbed anyway.
    const said = scrubSecrets(message, databaseUrlSecrets(url));
    options.onTrouble?.(`${said}; listening again in ${Math.round(retryMs / 100) / 10} s`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  async function listen(): Promise<void> {
    // keepAlive: a server that vanished without closing the socket (a cut network) is noticed, not waited on.
    const current = new pg.Client({ connectionString: url, keepAlive: true });
    client = current;
    let lost = false;
    const onLost = (reason: string): void => {
      if (lost || client !== current) return;
      lost = true;
      client = null;
      void current.end().catch(() => undefined);
      retryLater(`The connection for the tournament database's changes was lost (${reason})`);
    };
    current.on('error', (error: Error) => onLost(error.message));
    current.on('end', () => onLost('the server ended it'));
    current.on('notification', (message) => {
      if (message.channel === TOURNAMENT_CHANGES_CHANNEL) changed();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${current.escapeIdentifier(TOURNAMENT_CHANGES_CHANNEL)}`);
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || lost) return;
    retryMs = firstRetryMs;
    options.onListening?.();
    changed();
  }

  void listen();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (changeTimer) clearTimeout(changeTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** What a page, a log line or an error may say of the shared database: never its password. */
export interface TournamentDatabaseView {
  host: string;
  port: number;
  database: string;
  user: string;
}

const POSTGRES_PROTOCOLS = new Set(['postgres:', 'postgresql:']);

/** Why the text is not a PostgreSQL URL the desk can use, or null when it is. Never repeats the password. */
export function checkTournamentDatabaseUrl(raw: string): string | null {
  const text = raw.trim();
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !POSTGRES_PROTOCOLS.has(url.protocol)) {
    return 'The tournament database must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database).';
  }
  if (url.hostname === '') return 'The tournament database URL names no host.';
  if (viewOf(url).database === '') return 'The tournament database URL names no database.';
  return null;
}

/** Host, port, database and user of a URL that passed checkTournamentDatabaseUrl. */
export function describeTournamentDatabase(raw: string): TournamentDatabaseView {
  return viewOf(new URL(raw.trim()));
}

/** "user@host:port/database": how the desk names the shared database in notices and logs. */
export function tournamentDatabaseLabel(raw: string): string {
  const { host, port, database, user } = describeTournamentDatabase(raw);
  return `${user ? `${user}@` : ''}${host}:${port}/${database}`;
}

function viewOf(url: URL): TournamentDatabaseView {
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 5432 : Number(url.port),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    user: decodeURIComponent(url.username),
  };
}

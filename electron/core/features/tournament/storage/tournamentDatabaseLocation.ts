/**
 * Where the tournament desk keeps its data: the data folder's libSQL file (the default), or a PostgreSQL
 * database that desks and callback receivers on several machines share (SIGHTLINE_TOURNAMENT_DATABASE_URL).
 * The URL carries the password: it is a secret, never logged nor sent to a page.
 */
export type TournamentDatabaseLocation =
  { engine: 'file'; path: string } | { engine: 'postgres'; url: string };

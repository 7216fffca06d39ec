import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { copyTournamentDatabase } from './copyTournamentDatabase';
import { databaseArgument, shownLocation, withoutSecrets } from './databaseArgument';

export interface MigrateCliOptions {
  /**
   * The desk's own database, when --from is not given: the data folder's tournaments.db, or the shared database
   * (SIGHTLINE_TOURNAMENT_DATABASE_URL) when --to is a file.
   */
  defaultSource(to: TournamentDatabaseLocation): Promise<TournamentDatabaseLocation>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `sightline tournament migrate --to <postgres://…|file> [--from <…>]`: one line per table,
 * `<table>: <n> rows copied, checked`; exit 0 copied (or the target already held the same rows), 1 refused or
 * failed with nothing written, 2 bad usage (thrown as UsageError / parseArgs errors for the CLI's one line).
 */
export async function runTournamentMigrate(argv: string[], options: MigrateCliOptions): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, from: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0] ?? ''}`);
  if (values.to === undefined) throw new UsageError('migrate needs --to <postgres://… URL or file path>');
  const to = databaseArgument('--to', values.to);
  const from =
    values.from === undefined ? await options.defaultSource(to) : databaseArgument('--from', values.from);
  try {
    options.err(`copying the tournament desk from ${shownLocation(from)} to ${shownLocation(to)}`);
    const outcome = await copyTournamentDatabase(from, to);
    const done = outcome.copied ? 'copied, checked' : 'already there, checked';
    for (const { table, rows } of outcome.tables) options.out(`${table}: ${rows} rows ${done}`);
    if (!outcome.copied)
      options.err(`${shownLocation(to)} already held exactly these rows: nothing was written`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.err(`sightline tournament: ${withoutSecrets(message, [from, to])}`);
    return 1;
  }
}

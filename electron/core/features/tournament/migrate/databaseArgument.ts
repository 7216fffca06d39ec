import { resolve } from 'node:path';
import { UsageError } from '@shared/cli/usageError';
import { databaseUrlSecrets, redactDatabaseUrl, scrubSecrets } from '../../../platform/db/databaseUrl';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** `--to` / `--from` of `tournament migrate`: a postgres:// URL, or a path to a tournaments.db file. */
export function databaseArgument(option: string, raw: string): TournamentDatabaseLocation {
  const value = raw.trim();
  if (value === '') throw new UsageError(`${option} needs a postgres:// URL or a file path`);
  if (POSTGRES_URL.test(value)) {
    try {
      new URL(value);
    } catch {
      // The URL is not repeated: it may carry a password.
      throw new UsageError(`${option} is not a valid postgres:// URL`);
    }
    return { engine: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new UsageError(`${option} takes a postgres:// URL or a file path, not another kind of URL`);
  return { engine: 'file', path: resolve(value) };
}

/** The location as it may be printed or logged: a URL's password replaced by "***". */
export function shownLocation(location: TournamentDatabaseLocation): string {
  return location.engine === 'file' ? location.path : redactDatabaseUrl(location.url);
}

/** An error's text with the locations' secrets (their URLs' passwords) taken out. */
export function withoutSecrets(text: string, locations: readonly TournamentDatabaseLocation[]): string {
  const secrets = locations.flatMap((location) =>
    location.engine === 'postgres' ? databaseUrlSecrets(location.url) : [],
  );
  return scrubSecrets(text, secrets);
}

import { resolve } from 'node:path';
import { UsageError } from '@shared/cli/usageError';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** `--to` / `--from` of `tournament migrate`: a postgres:// URL, or a path to a tournaments.db file. */
export function databaseArgument(option: string, raw: string): TournamentDatabaseLocation {
  const value = raw.trim();
  if (value === '') throw new UsageError(`${option} needs a postgres:// URL or a file path`);
  if (POSTGRES_URL.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      // The URL is not repeated: it may carry a password.
      throw new UsageError(`${option} is not a valid postgres:// URL`);
    }
    if (url.hostname === '') throw new UsageError(`${option} names no database server host`);
    return { engine: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new UsageError(`${option} takes a postgres:// URL or a file path, not another kind of URL`);
  return { engine: 'file', path: resolve(value) };
}

/** The location as it may be printed or logged: a URL's password replaced by "***". */
export function shownLocation(location: TournamentDatabaseLocation): string {
  if (location.engine === 'file') return location.path;
  return withoutPassword(location.url);
}

export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the database URL (not shown: it cannot be read as a URL)';
  }
}

/** An error's text with every secret of the locations (their URLs' passwords) taken out. */
export function withoutSecrets(text: string, locations: readonly TournamentDatabaseLocation[]): string {
  let shown = text;
  for (const location of locations) {
    if (location.engine !== 'postgres') continue;
    shown = shown.split(location.url).join(withoutPassword(location.url));
    const password = passwordOf(location.url);
    if (password !== '') shown = shown.split(password).join('***');
  }
  return shown;
}

function passwordOf(url: string): string {
  try {
    const password = new URL(url).password;
    return password === '' ? '' : decodeURIComponent(password);
  } catch {
    return '';
  }
}

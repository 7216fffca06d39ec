import { access } from 'node:fs/promises';
import { openTournamentStore, tournamentDbPath } from './tournamentStore';

/**
 * For a command that only asks (`sightline api match-by-code`): whether the desk's tournaments.db in
 * `dataDir` holds the code. No file means no codes (none is created); a damaged one is left as it is and
 * the question fails with its reason.
 */
export async function deskCreatedCodeIn(dataDir: string, code: string): Promise<boolean> {
  const path = tournamentDbPath(dataDir);
  try {
    await access(path);
  } catch {
    return false;
  }
  const store = await openTournamentStore(path, { recoverDamaged: false });
  try {
    return (await store.getCode(code)) !== null;
  } finally {
    await store.close();
  }
}

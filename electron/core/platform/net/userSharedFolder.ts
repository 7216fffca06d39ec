import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * The folder every Sightline process of this user keeps its shared schedules in (the game clients' paths,
 * the web API keys' leases), whichever data folder each uses: the game clients run in the user's session,
 * and a key's limits hold whoever sends with it.
 */
export function userSharedFolder(): string {
  return join(tmpdir(), `sightline-game-clients-${userName()}`);
}

function userName(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_.-]/g, '_');
  } catch {
    // No account entry for this user (some containers): the id still tells users apart.
    return String(process.getuid?.() ?? 'user');
  }
}

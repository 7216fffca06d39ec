import { REPLAY_POLL_INTERVAL_MS } from '@shared/replay/playbackClock';
import { CARD_ENDPOINTS } from '../features/card/cardFeature';
import { isLoopbackHost } from '../platform/net/loopbackTrust';
import type { PacingPolicy } from '../platform/net/requestPacer';
import { createSharedPacingSchedule, type SharedPacingSchedule } from '../platform/net/sharedPacingSchedule';
import { userSharedFolder } from '../platform/net/userSharedFolder';

/** The card client allows positional-rectangles at most once a second; Sightline asks no path of a local client more often. */
export const GAME_CLIENT_INTERVAL_MS = 1000;

const CARD_PATHS = new Set<string>(Object.values(CARD_ENDPOINTS));

/**
 * The local game clients' APIs, as each client sees them: a path of the live data API (and its specs) or
 * of the card client at most once a second, a replay resource at most every REPLAY_POLL_INTERVAL_MS
 * (League Director's rate). Whichever watcher asks: the live and replay watchers share port 2999.
 */
export const gameClientPacing: PacingPolicy = (url) => {
  if (!isLoopbackHost(url.hostname)) return null;
  const path = url.pathname;
  if (path.startsWith('/replay/')) return REPLAY_POLL_INTERVAL_MS;
  if (path.startsWith('/liveclientdata/') || path.startsWith('/swagger/') || CARD_PATHS.has(path)) {
    return GAME_CLIENT_INTERVAL_MS;
  }
  return null;
};

/**
 * The schedule every Sightline process of this user keeps with the others (the app, `sightline serve`, the
 * CLI's commands): the game clients run in the user's session, whichever data folder each process uses.
 * `kind` is what this process is, as the others name it to the user: `app`, `serve` or the CLI command.
 */
export function gameClientSchedule(kind: string): SharedPacingSchedule {
  return createSharedPacingSchedule({ dir: userSharedFolder(), kind });
}

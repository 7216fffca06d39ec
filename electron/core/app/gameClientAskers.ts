import type { OtherAsker, SourceId } from '@shared/contract';
import { CARD_ENDPOINTS } from '../features/card/cardFeature';
import type { LaneAsker } from '../platform/net/sharedPacingSchedule';

/** "Asking a client" means having asked it this recently: the app polls every second, `doctor` once. */
export const ASKED_WITHIN_MS = 5_000;

const CARD_PATHS = new Set<string>(Object.values(CARD_ENDPOINTS));

/** Which of a source's client's paths are its own: the live and replay APIs share port 2999 and its description. */
const SOURCE_PATHS: Record<SourceId, (path: string) => boolean> = {
  live: (path) => path.startsWith('/liveclientdata/') || path.startsWith('/swagger/'),
  replay: (path) => path.startsWith('/replay/') || path.startsWith('/swagger/'),
  card: (path) => CARD_PATHS.has(path),
};

/**
 * The other processes asking each source's client, one entry per process (since its first lane there), the
 * longest asking first. A lane belongs to a source when it is that source's client (the URL's origin) and API.
 */
export function askersBySource(
  askers: readonly LaneAsker[],
  urls: Record<SourceId, string>,
): Record<SourceId, OtherAsker[]> {
  const bySource = (id: SourceId): OtherAsker[] => {
    const origin = originOf(urls[id]);
    const byPid = new Map<number, OtherAsker>();
    for (const asker of askers) {
      const lane = parseUrl(asker.lane);
      if (!lane || lane.origin !== origin || !SOURCE_PATHS[id](lane.pathname)) continue;
      const known = byPid.get(asker.pid);
      if (!known || asker.since < known.since) {
        byPid.set(asker.pid, { pid: asker.pid, kind: asker.kind, since: asker.since });
      }
    }
    return [...byPid.values()].sort((a, b) => a.since - b.since || a.pid - b.pid);
  };
  return { live: bySource('live'), replay: bySource('replay'), card: bySource('card') };
}

function originOf(url: string): string | null {
  return parseUrl(url)?.origin ?? null;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

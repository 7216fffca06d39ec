import type { LiveFeedKind, ReplayMarker, ReplayPlayer } from '@shared/contract';
import { describeEvent } from '../live/feedSentences';
import {
  gameStatsSchema,
  readEvents,
  readPlayerList,
  type PlayerEntry,
  type RawLiveEvent,
} from '../live/liveClientSchemas';
import { decodeLiveEvent } from '../live/liveEvents';
import { indexPlayerNames, toLivePlayers } from '../live/liveRoster';
import type { HttpClient } from '../../platform/net/httpClient';

/**
 * What the replay shows of the game, read from the live data API that runs alongside it: players for
 * "follow a player" and events for the timeline. Parsed and worded by the scoreboard's own code, so the
 * timeline says what the event feed says; only what the replay itself shows the viewer.
 */
export interface ReplayFeed {
  players: ReplayPlayer[];
  markers: ReplayMarker[];
}

/** Which feed entries mark the timeline, and as what; the rest (first blood, aces, spawns…) repeat a kill or say little. */
const MARKER_KINDS: Partial<Record<LiveFeedKind, ReplayMarker['kind']>> = {
  kill: 'kill',
  dragon: 'objective',
  herald: 'objective',
  baron: 'objective',
  voidgrub: 'objective',
  atakhan: 'objective',
  turret: 'structure',
  inhibitor: 'structure',
};

/** Reads the feed beside a replay; keeps the events read so far. */
export interface ReplayFeedReader {
  /** Null when the live data API does not answer with a player list (its events alone are not enough to name anyone). */
  read(signal: AbortSignal): Promise<ReplayFeed | null>;
  /** Another replay, or a jump back in this one: the events are read from the first again. */
  reset(): void;
}

/**
 * Reads players, game stats and the events after the last one seen (eventdata?eventID=next), as the
 * live watcher does. The live data API is one client with one schedule for both watchers: asking for
 * what the live watcher asks for lets them share one answer instead of taking turns.
 */
export function createReplayFeedReader(http: HttpClient, liveUrl: () => string): ReplayFeedReader {
  let events: RawLiveEvent[] = [];
  let nextEventId = 0;

  return {
    reset() {
      events = [];
      nextEventId = 0;
    },
    async read(signal) {
      const base = liveUrl();
      const get = async (path: string): Promise<unknown> => {
        const outcome = await http.send({ url: `${base}/liveclientdata/${path}`, signal, timeoutMs: 2000 });
        return outcome.kind === 'ok' ? outcome.body : null;
      };
      const [playerBody, eventBody, statsBody] = await Promise.all([
        get('playerlist'),
        get(`eventdata?eventID=${nextEventId}`),
        get('gamestats'),
      ]);
      for (const event of readEvents(eventBody) ?? []) {
        if (event.EventID < nextEventId) continue;
        events.push(event);
        nextEventId = event.EventID + 1;
      }
      const entries = readPlayerList(playerBody);
      if (!entries) return null;
      const stats = gameStatsSchema.safeParse(statsBody);
      return describeFeed(entries, stats.success ? stats.data.mapNumber : 0, events);
    },
  };
}

function describeFeed(
  entries: PlayerEntry[],
  mapNumber: number,
  events: readonly RawLiveEvent[],
): ReplayFeed {
  const players = toLivePlayers(entries, null);
  const context = { players: indexPlayerNames(players), mapNumber, spectator: true };
  const markers = events.flatMap((raw): ReplayMarker[] => {
    const event = decodeLiveEvent(raw);
    if (event.name === 'GameEnd') return [{ time: event.time, kind: 'other', label: 'Game end' }];
    const entry = describeEvent(event, context);
    const kind = MARKER_KINDS[entry.kind];
    return kind ? [{ time: entry.time, kind, label: entry.text }] : [];
  });
  return {
    players: players.map((player) => ({
      name: player.name,
      championName: player.championName,
      team: player.team === 'ORDER' || player.team === 'CHAOS' ? player.team : '',
    })),
    markers,
  };
}

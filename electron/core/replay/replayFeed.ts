import type { LiveFeedKind, ReplayMarker, ReplayPlayer } from '@shared/contract';
import { describeEvent } from '../live/feedSentences';
import { gameStatsSchema, readEvents, readPlayerList } from '../live/liveClientSchemas';
import { decodeLiveEvent } from '../live/liveEvents';
import { indexPlayerNames, toLivePlayers } from '../live/liveRoster';
import type { HttpClient } from '../net/httpClient';

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

/** Null when the live data API does not answer with a player list (its events alone are not enough to name anyone). */
export async function readReplayFeed(
  http: HttpClient,
  liveUrl: string,
  signal: AbortSignal,
): Promise<ReplayFeed | null> {
  const read = async (path: string): Promise<unknown> => {
    const outcome = await http.send({ url: `${liveUrl}/liveclientdata/${path}`, signal, timeoutMs: 2000 });
    return outcome.kind === 'ok' ? outcome.body : null;
  };
  const [playerBody, eventBody, statsBody] = await Promise.all([
    read('playerlist'),
    read('eventdata'),
    read('gamestats'),
  ]);
  const entries = readPlayerList(playerBody);
  if (!entries) return null;
  const players = toLivePlayers(entries, null);
  const stats = gameStatsSchema.safeParse(statsBody);
  const context = {
    players: indexPlayerNames(players),
    mapNumber: stats.success ? stats.data.mapNumber : 0,
    spectator: true,
  };
  const markers = (readEvents(eventBody) ?? []).flatMap((raw): ReplayMarker[] => {
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

import type { LivePlayer } from '@shared/contract';
import { gameStatsSchema, readActivePlayer, readEvents, readPlayerList } from '../../live/liveClientSchemas';
import { decodeLiveEvent, type LiveEvent } from '../../live/liveEvents';
import { toLivePlayers } from '../../live/liveRoster';
import { describeFailure, type HttpClient } from '../../../platform/net/httpClient';
import { LIVE_GAME_NOT_REPLAY } from '../replayClient';

/** What the live data API says of the game a replay plays: only what the replay has shown so far. */
export interface ReplayEvents {
  events: LiveEvent[];
  players: LivePlayer[];
  mapNumber: number;
}

export type ReplayEventsResult = { ok: true; value: ReplayEvents } | { ok: false; error: string };

/**
 * Reads the replay's players and every event it has shown (`eventdata?eventID=0`), once, through the paced
 * client every reader of the game shares. Refuses a live game (the live data has a local player, where a
 * replay answers the spectator error): highlights are made from replays, never from a game being played.
 */
export async function readReplayEvents(
  http: HttpClient,
  liveUrl: string,
  signal?: AbortSignal,
): Promise<ReplayEventsResult> {
  const get = async (path: string) =>
    http.send({ url: `${liveUrl}/liveclientdata/${path}`, signal, timeoutMs: 4000 });
  const active = await get('activeplayer');
  if (active.kind === 'ok' && readActivePlayer(active.body)?.kind === 'player') {
    return { ok: false, error: `${LIVE_GAME_NOT_REPLAY}; highlights are made from replays only` };
  }
  const [playerList, eventData, stats] = await Promise.all([
    get('playerlist'),
    get('eventdata?eventID=0'),
    get('gamestats'),
  ]);
  if (playerList.kind !== 'ok' || eventData.kind !== 'ok') {
    const failed = playerList.kind !== 'ok' ? playerList : eventData;
    const why = failed.kind === 'ok' ? 'an unexpected answer' : describeFailure(failed);
    return { ok: false, error: `the replay's events could not be read: ${why}` };
  }
  const entries = readPlayerList(playerList.body);
  const events = readEvents(eventData.body);
  if (!entries || !events) {
    return {
      ok: false,
      error: "the replay's events could not be read: the live data API sent an unexpected answer",
    };
  }
  const parsedStats = stats.kind === 'ok' ? gameStatsSchema.safeParse(stats.body) : null;
  return {
    ok: true,
    value: {
      events: events.map(decodeLiveEvent),
      players: toLivePlayers(entries, null),
      mapNumber: parsedStats?.success ? parsedStats.data.mapNumber : 11,
    },
  };
}

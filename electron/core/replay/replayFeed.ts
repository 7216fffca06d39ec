import { z } from 'zod';
import type { ReplayMarker, ReplayPlayer } from '@shared/contract';
import type { HttpClient } from '../net/httpClient';
import { list, num, str } from '../parsing/omission';

/**
 * What the replay shows of the game, read from the live data API that runs alongside it: players for
 * "follow a player" and events for the timeline. Only what the replay itself shows the viewer.
 */
const playerListSchema = z.array(
  z.looseObject({
    riotIdGameName: str(),
    riotId: str(),
    summonerName: str(),
    championName: str(),
    team: str(),
  }),
);

const eventsSchema = z.looseObject({
  Events: list(z.looseObject({ EventName: str(), EventTime: num(), KillerName: str(), VictimName: str() })),
});

const OBJECTIVES: Record<string, string> = {
  DragonKill: 'Dragon',
  HeraldKill: 'Rift Herald',
  BaronKill: 'Baron Nashor',
  HordeKill: 'Voidgrubs',
  AtakhanKill: 'Atakhan',
};

export async function readReplayPlayers(
  http: HttpClient,
  liveUrl: string,
  signal: AbortSignal,
): Promise<ReplayPlayer[] | null> {
  const outcome = await http.send({ url: `${liveUrl}/liveclientdata/playerlist`, signal, timeoutMs: 2000 });
  if (outcome.kind !== 'ok') return null;
  const parsed = playerListSchema.safeParse(outcome.body);
  if (!parsed.success) return null;
  return parsed.data.map((player) => ({
    name: player.riotIdGameName || player.riotId.split('#')[0] || player.summonerName,
    championName: player.championName,
    team: player.team === 'ORDER' || player.team === 'CHAOS' ? player.team : '',
  }));
}

export async function readReplayMarkers(
  http: HttpClient,
  liveUrl: string,
  signal: AbortSignal,
): Promise<ReplayMarker[] | null> {
  const outcome = await http.send({ url: `${liveUrl}/liveclientdata/eventdata`, signal, timeoutMs: 2000 });
  if (outcome.kind !== 'ok') return null;
  const parsed = eventsSchema.safeParse(outcome.body);
  if (!parsed.success) return null;
  return parsed.data.Events.flatMap((event): ReplayMarker[] => {
    const time = event.EventTime;
    if (event.EventName === 'ChampionKill') {
      return [{ time, kind: 'kill', label: `${event.KillerName} killed ${event.VictimName}` }];
    }
    const objective = OBJECTIVES[event.EventName];
    if (objective) return [{ time, kind: 'objective', label: `${objective} (${event.KillerName})` }];
    if (event.EventName === 'TurretKilled') return [{ time, kind: 'structure', label: 'Turret destroyed' }];
    if (event.EventName === 'InhibKilled') return [{ time, kind: 'structure', label: 'Inhibitor destroyed' }];
    if (event.EventName === 'GameEnd') return [{ time, kind: 'other', label: 'Game end' }];
    return [];
  });
}

import { LIVE_MAP_LABELS } from '@shared/contract';
import { queueName } from '@shared/contract/queueNames';

/**
 * The queue an arena game was played in, named as the queue list names it (`queueName`). The live client tells
 * the game mode and map, not the queue: a mode played in one queue only is named by that queue; Summoner's Rift
 * modes (draft, ranked, blind…) share the CLASSIC mode, so those games are named by the map's 5v5 until the web
 * API's record of the game is found after it (arenaMatchLookup), whose queue ID names the exact queue.
 */
const QUEUE_OF_MODE: Readonly<Record<string, number>> = {
  ARAM: 450,
  CHERRY: 1700,
  STRAWBERRY: 1830,
  ONEFORALL: 1020,
  NEXUSBLITZ: 1300,
  GAMEMODEX: 1300,
  ULTBOOK: 1400,
  URF: 1900,
  ARURF: 900,
  SWIFTPLAY: 480,
};

const OUTSIDE_QUEUES: Readonly<Record<string, string>> = {
  PRACTICETOOL: 'Practice Tool',
  TUTORIAL: 'Tutorial',
  TUTORIAL_MODULE_1: 'Tutorial',
  TUTORIAL_MODULE_2: 'Tutorial',
  TUTORIAL_MODULE_3: 'Tutorial',
};

export function arenaQueueName(mode: string, mapNumber: number | null): string {
  const queueId = Object.hasOwn(QUEUE_OF_MODE, mode) ? QUEUE_OF_MODE[mode] : undefined;
  const named = queueId === undefined ? null : queueName(queueId);
  if (named) return named;
  if (Object.hasOwn(OUTSIDE_QUEUES, mode)) return OUTSIDE_QUEUES[mode] ?? mode;
  const map = mapNumber === null ? undefined : LIVE_MAP_LABELS[mapNumber];
  if (mode === 'CLASSIC' || mode === '') return map ? `${map} 5v5` : '5v5';
  return mode;
}

/** The queue a stored arena game is named by: the web API's exact queue once found, else what its mode tells. */
export function arenaGameQueue(game: {
  queueId: number | null;
  mode: string;
  mapNumber: number | null;
}): string {
  const exact = game.queueId === null ? null : queueName(game.queueId);
  return exact ?? arenaQueueName(game.mode, game.mapNumber);
}

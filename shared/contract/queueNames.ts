/**
 * Every arena queue's one name (issue 33 item 7): the game constants' description (queues.json, reference §3.4)
 * shortened one way, `queueNameFromDescription`. The ranked block (by league-v4's queueType), the match list,
 * the match page, the queue filter and history all read it here, so one queue reads the same everywhere; a
 * queue this table lacks is named from the loaded static data's description, shortened the same way. A plain
 * module, so the core and the renderer read one table.
 */
export interface QueueName {
  name: string;
  /**
   * What tells this queue from a namesake where a list offers both (the match filter's Swarm queues, by party
   * size, as queues.json's notes do); none where no list needs it.
   */
  variant?: string;
}

/**
 * queues.json's description of each queue Sightline names itself (custom games have none: their map's,
 * "Custom games", stands in, as the static data's labels do). Queues sharing a description are the same kind of
 * game (the newer co-op queues replaced the older ones; Swarm by party size: the real file swaps map and description
 * for 1820–1840, so theirs is read from its map). Checked against rows of the real file by
 * electron/simulator/staticData/queueReference.test.ts.
 */
const QUEUE_DESCRIPTIONS: ReadonlyArray<readonly [queueId: number, description: string, variant?: string]> = [
  [0, 'Custom games'],
  [42, '5v5 Ranked Team games'],
  [400, '5v5 Draft Pick games'],
  [410, '5v5 Ranked Dynamic games'],
  [420, '5v5 Ranked Solo games'],
  [430, '5v5 Blind Pick games'],
  [440, '5v5 Ranked Flex games'],
  [450, '5v5 ARAM games'],
  [470, '3v3 Ranked Flex games'],
  [480, 'Swiftplay Games'],
  [490, 'Normal (Quickplay)'],
  [700, "Summoner's Rift Clash games"],
  [720, 'ARAM Clash games'],
  [830, 'Co-op vs. AI Intro Bot games'],
  [840, 'Co-op vs. AI Beginner Bot games'],
  [850, 'Co-op vs. AI Intermediate Bot games'],
  [870, 'Co-op vs. AI Intro Bot games'],
  [880, 'Co-op vs. AI Beginner Bot games'],
  [890, 'Co-op vs. AI Intermediate Bot games'],
  [900, 'ARURF games'],
  [1010, 'Snow ARURF games'],
  [1020, 'One for All games'],
  [1300, 'Nexus Blitz games'],
  [1400, 'Ultimate Spellbook games'],
  [1700, 'Arena'],
  [1710, 'Arena'],
  [1810, 'Swarm Mode Games', 'solo'],
  [1820, 'Swarm Mode Games', 'duo'],
  [1830, 'Swarm Mode Games', 'trio'],
  [1840, 'Swarm Mode Games', 'four players'],
  [1900, 'Pick URF games'],
  [2300, 'Brawl'],
];

/**
 * The one shortening: a description without its trailing "games" ("5v5 Ranked Solo games" → "5v5 Ranked Solo").
 * The team size stays: it tells 5v5 Ranked Flex from the old 3v3 one. Null for a blank description.
 */
export function queueNameFromDescription(description: string | null | undefined): string | null {
  const name = description
    ?.trim()
    .replace(/\s+games$/i, '')
    .trim();
  return name || null;
}

export const QUEUE_NAMES: ReadonlyMap<number, QueueName> = new Map(
  QUEUE_DESCRIPTIONS.map(([queueId, description, variant]): [number, QueueName] => [
    queueId,
    { name: queueNameFromDescription(description) ?? `Queue ${queueId}`, ...(variant ? { variant } : {}) },
  ]),
);

/** A queue's name as a match shows it; null for a queue the table lacks. */
export function queueName(queueId: number): string | null {
  return QUEUE_NAMES.get(queueId)?.name ?? null;
}

/** A queue's name as a list of queues offers it, told from its namesakes: "Swarm Mode (duo)". */
export function queueChoiceLabel(queueId: number): string | null {
  const entry = QUEUE_NAMES.get(queueId);
  if (!entry) return null;
  return entry.variant ? `${entry.name} (${entry.variant})` : entry.name;
}

/**
 * league-v4's ranked queueType values and the queue each ranks (spec 2 §2.3 names the first two;
 * RANKED_FLEX_SR is what today's API sends for the flex queue, RANKED_FLEX_TT the retired 3v3 one), in the
 * order the ranked block lists them.
 */
export const RANKED_QUEUE_TYPES: ReadonlyMap<string, number> = new Map([
  ['RANKED_SOLO_5x5', 420],
  ['RANKED_TEAM_5x5', 42],
  ['RANKED_FLEX_SR', 440],
  ['RANKED_FLEX_TT', 470],
]);

/** A ranked queueType's name: its queue's one name; null for a value this table lacks. */
export function queueTypeName(queueType: string): string | null {
  const queueId = RANKED_QUEUE_TYPES.get(queueType);
  return queueId === undefined ? null : queueName(queueId);
}

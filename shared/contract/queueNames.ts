/**
 * The arena queues Sightline names itself, as the game names them: the static data's game constants
 * (queues.json) name queues once loaded; this table covers the common ones until then and the modes the
 * static data may lack (new or rotating). A plain module, so the core and the renderer read one table.
 */
export interface QueueName {
  name: string;
  /**
   * What tells this queue from a namesake where a list offers both (the match filter's Swarm queues, by party
   * size); none where no list needs it.
   */
  variant?: string;
}

export const QUEUE_NAMES: ReadonlyMap<number, QueueName> = new Map<number, QueueName>([
  [0, { name: 'Custom game' }],
  [400, { name: '5v5 Draft Pick' }],
  [420, { name: '5v5 Ranked Solo/Duo' }],
  [430, { name: '5v5 Blind Pick' }],
  [440, { name: '5v5 Ranked Flex' }],
  [450, { name: '5v5 ARAM' }],
  [480, { name: 'Swiftplay' }],
  [490, { name: 'Quickplay' }],
  [700, { name: 'Clash' }],
  [720, { name: 'ARAM Clash' }],
  [830, { name: 'Co-op vs. AI' }],
  [840, { name: 'Co-op vs. AI' }],
  [850, { name: 'Co-op vs. AI' }],
  [870, { name: 'Co-op vs. AI' }],
  [880, { name: 'Co-op vs. AI' }],
  [890, { name: 'Co-op vs. AI' }],
  [900, { name: 'ARURF' }],
  [1010, { name: 'Snow ARURF' }],
  [1020, { name: 'One for All' }],
  [1300, { name: 'Nexus Blitz' }],
  [1400, { name: 'Ultimate Spellbook' }],
  [1700, { name: 'Arena' }],
  [1710, { name: 'Arena' }],
  [1810, { name: 'Swarm', variant: 'solo' }],
  [1820, { name: 'Swarm', variant: 'duo' }],
  [1830, { name: 'Swarm' }],
  [1840, { name: 'Swarm' }],
  [1900, { name: 'Pick URF' }],
  [2300, { name: 'Brawl' }],
]);

/** A queue's name as a match shows it; null for a queue the table lacks. */
export function queueName(queueId: number): string | null {
  return QUEUE_NAMES.get(queueId)?.name ?? null;
}

/** A queue's name as a list of queues offers it, told from its namesakes: "Swarm (duo)". */
export function queueChoiceLabel(queueId: number): string | null {
  const entry = QUEUE_NAMES.get(queueId);
  if (!entry) return null;
  return entry.variant ? `${entry.name} (${entry.variant})` : entry.name;
}

import type { LeagueEntryView } from '@shared/contract';
import type { LeagueEntries } from './recordSchemas';

/**
 * Names for the ranked queueType values. Spec 2 §2.3 names the first two; RANKED_FLEX_SR is what
 * today's API sends for the flex queue. Looked up in own entries only, so any other value (or one
 * named like an Object property) is shown as it came.
 */
const QUEUE_TYPE_LABELS = new Map<string, string>([
  ['RANKED_SOLO_5x5', 'Ranked Solo/Duo'],
  ['RANKED_TEAM_5x5', 'Ranked Team 5v5'],
  ['RANKED_FLEX_SR', 'Ranked Flex'],
]);

export function labelQueueType(queueType: string): string {
  return QUEUE_TYPE_LABELS.get(queueType) ?? (queueType || 'Unnamed queue');
}

/** Named queues in the order above first, then the rest as the API listed them. */
export function leagueEntriesView(entries: LeagueEntries): LeagueEntryView[] {
  const order = [...QUEUE_TYPE_LABELS.keys()];
  const rank = (queueType: string) => {
    const index = order.indexOf(queueType);
    return index === -1 ? order.length : index;
  };
  return entries
    .map((entry) => ({ ...entry, queueLabel: labelQueueType(entry.queueType) }))
    .sort((a, b) => rank(a.queueType) - rank(b.queueType));
}

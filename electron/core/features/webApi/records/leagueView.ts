import type { LeagueEntryView } from '@shared/contract';
import { RANKED_QUEUE_TYPES, queueTypeName } from '@shared/contract/queueNames';
import type { LeagueEntries } from './recordSchemas';

/** A ranked queueType by its queue's one name; any other value (or one named like an Object property) as it came. */
export function labelQueueType(queueType: string): string {
  return queueTypeName(queueType) ?? (queueType || 'Unnamed queue');
}

/** Named queues in the shared table's order first, then the rest as the API listed them. */
export function leagueEntriesView(entries: LeagueEntries): LeagueEntryView[] {
  const order = [...RANKED_QUEUE_TYPES.keys()];
  const rank = (queueType: string) => {
    const index = order.indexOf(queueType);
    return index === -1 ? order.length : index;
  };
  return entries
    .map((entry) => ({ ...entry, queueLabel: labelQueueType(entry.queueType) }))
    .sort((a, b) => rank(a.queueType) - rank(b.queueType));
}

import { memo } from 'react';
import type { LiveFeedActor, LiveFeedEntry } from '@shared/contract';
import { formatGameTime } from '@shared/contract/live';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { ObjectiveGlyph } from './ObjectiveGlyph';

function ActorIcon({ actor }: { actor: LiveFeedActor | null }) {
  const icons = useIcons();
  if (!actor?.championKey) return null;
  const label = actor.championName ?? actor.name;
  return (
    <span className={`feed-actor team-${actor.team ?? 'NONE'}${actor.isLocal ? ' local' : ''}`}>
      <GameIcon src={icons.champion(actor.championKey)} label={label} />
    </span>
  );
}

const FeedEntry = memo(function FeedEntry({ entry }: { entry: LiveFeedEntry }) {
  const dragon = entry.kind === 'dragon' && entry.detail ? ` drake-${entry.detail}` : '';
  return (
    <li
      className={`feed-entry kind-${entry.kind} team-${entry.team ?? 'NONE'}${entry.stolen ? ' stolen' : ''}`}
      data-testid="feed-entry"
      data-kind={entry.kind}
    >
      <span className="feed-time">{formatGameTime(entry.time)}</span>
      <span className="feed-icons">
        <ActorIcon actor={entry.actor} />
        <ObjectiveGlyph name={entry.kind} className={`feed-glyph${dragon}`} />
        <ActorIcon actor={entry.victim} />
      </span>
      <span className="feed-text">{entry.text}</span>
    </li>
  );
});

/** The event feed, newest first. */
export const EventFeed = memo(function EventFeed({
  entries,
  limit,
  className = '',
}: {
  entries: LiveFeedEntry[];
  limit: number;
  className?: string;
}) {
  const shown = entries.slice(-limit).reverse();
  return (
    <ol className={`event-feed ${className}`} data-testid="event-feed" aria-label="Game events">
      {shown.map((entry) => (
        <FeedEntry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
});

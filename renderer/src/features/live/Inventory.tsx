import type { LiveItem } from '@shared/contract';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';

/** The seven inventory slots, the trinket set apart, as in the game's scoreboard. */
export function Inventory({
  items,
  className = '',
  testId = 'player-items',
}: {
  items: Array<LiveItem | null>;
  className?: string;
  testId?: string;
}) {
  const icons = useIcons();
  return (
    <span className={`inventory ${className}`} data-testid={testId}>
      {items.map((item, slot) => (
        <span key={slot} className={`item-slot${slot === 6 ? ' trinket' : ''}${item ? '' : ' empty'}`}>
          {item ? (
            <>
              <GameIcon src={icons.item(item.id)} label={item.name || `Item ${item.id}`} />
              {item.count > 1 ? <span className="item-count">{item.count}</span> : null}
            </>
          ) : null}
        </span>
      ))}
    </span>
  );
}

import { memo } from 'react';
import type { LiveItem } from '@shared/contract';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { sameItems } from './scoreboardFormat';

interface InventoryProps {
  items: Array<LiveItem | null>;
  className?: string;
  testId?: string;
}

function sameInventory(before: InventoryProps, after: InventoryProps): boolean {
  return (
    before.className === after.className &&
    before.testId === after.testId &&
    sameItems(before.items, after.items)
  );
}

/**
 * The seven inventory slots, the trinket set apart, as in the game's scoreboard. Drawn again only when an item
 * changes (sameItems), not when a poll rebuilds the same list.
 */
export const Inventory = memo(function Inventory({
  items,
  className = '',
  testId = 'player-items',
}: InventoryProps) {
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
}, sameInventory);

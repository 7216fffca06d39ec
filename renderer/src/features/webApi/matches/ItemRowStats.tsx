import { HoverCard } from '../../staticData/HoverCard';
import { useContractQuery } from '../../../state/contractQueries';
import { useStaticDataRevision } from '../../../state/useStaticData';
import { ItemSlot } from './matchIcons';
import '../../staticData/data.css';

/** Spec 2's item stat rules, said where their result is shown. */
export const ITEM_STAT_RULES =
  'Flat stats add. Percent stats of one kind are summed and multiply the champion’s own value. ' +
  'Tenacity from items does not stack: only the highest counts.';

/**
 * A player's item row from a match record; on hover or focus, what the items grant together, by the
 * rules above (the core's combineStats). After the game only: nothing here suggests what to buy.
 */
export function ItemRow({ items }: { items: number[] }) {
  const icons = items.map((item, slot) => <ItemSlot key={slot} itemId={item} />);
  const ids = items.filter((item) => item !== 0).map(String);
  if (ids.length === 0) return <>{icons}</>;
  return (
    <HoverCard trigger={icons} label="The items’ stats together" testId="item-row-stats">
      {() => <ItemRowStatsCard ids={ids} />}
    </HoverCard>
  );
}

function ItemRowStatsCard({ ids }: { ids: string[] }) {
  const revision = useStaticDataRevision();
  const query = useContractQuery(
    'staticData.arena.itemSet',
    { ids },
    { dependsOn: [revision], staleTime: Infinity },
  );
  if (query.isPending) return <p className="muted sd-tooltip-state">Adding up the items…</p>;
  if (query.isError) return <p className="error sd-tooltip-state">{query.error.message}</p>;
  const { stats, missing } = query.data;
  return (
    <div className="sd-tooltip" data-testid="item-row-tooltip">
      <strong>Items together</strong>
      {stats.length > 0 ? (
        <ul className="sd-item-stats">
          {stats.map((stat) => (
            <li key={stat.key}>{stat.display}</li>
          ))}
        </ul>
      ) : (
        <p className="muted sd-tooltip-state">These items grant no stats.</p>
      )}
      {missing.length > 0 ? (
        <p className="muted sd-tooltip-foot">Not in the game data, not counted: {missing.join(', ')}</p>
      ) : null}
      <p className="muted sd-tooltip-foot">{ITEM_STAT_RULES}</p>
    </div>
  );
}

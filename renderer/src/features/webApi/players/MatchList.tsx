import { useState } from 'react';
import { useContractQuery } from '../../../state/contractQueries';
import { MatchListFilters, type MatchFilters } from './MatchListFilters';
import { RecentMatchRow } from './RecentMatchRow';

/** Matches per page: each "More" asks match-v5 for the next ten (start/count). */
export const MATCH_PAGE_SIZE = 10;

interface Player {
  puuid: string;
  platform: string;
  /** The v4 match list is keyed by account ID. */
  accountId: string;
}

/**
 * A player's matches, newest first, a page at a time, narrowed by queue and time. Changing a filter starts
 * again from the first page.
 */
export function MatchList({ player }: { player: Player }) {
  const [filters, setFilters] = useState<MatchFilters>({});
  const [pages, setPages] = useState(1);
  const filter = (next: MatchFilters) => {
    setFilters(next);
    setPages(1);
  };
  return (
    <section aria-labelledby="recent-title">
      <h3 className="section-title" id="recent-title">
        Matches
      </h3>
      <MatchListFilters value={filters} onChange={filter} />
      <div data-testid="recent-matches">
        {Array.from({ length: pages }, (_, index) => (
          <MatchListPage
            key={index}
            player={player}
            filters={filters}
            start={index * MATCH_PAGE_SIZE}
            last={index === pages - 1}
            onMore={() => setPages(index + 2)}
          />
        ))}
      </div>
    </section>
  );
}

function MatchListPage(props: {
  player: Player;
  filters: MatchFilters;
  start: number;
  last: boolean;
  onMore: () => void;
}) {
  const { player, filters, start } = props;
  const page = useContractQuery(
    'webApi.matches.recent',
    { ...player, ...filters, start, count: MATCH_PAGE_SIZE },
    { retry: false, staleTime: 60_000 },
  );
  if (page.isPending) {
    return (
      <p className="muted" role="status">
        {start === 0 ? 'Listing recent matches…' : 'Listing more matches…'}
      </p>
    );
  }
  if (page.isError) {
    return (
      <p className="web-api-error" role="alert" data-testid="lookup-error">
        {page.error.message}
      </p>
    );
  }
  const { matchIds, routing } = page.data;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  if (matchIds.length === 0) {
    return (
      <p className="muted" data-testid="match-list-end">
        {start > 0
          ? 'No more matches.'
          : filtered
            ? `No matches on ${routing} with these filters.`
            : `No recent matches on ${routing}.`}
      </p>
    );
  }
  return (
    <>
      <ol className="recent-matches" start={start + 1}>
        {matchIds.map((matchId) => (
          <RecentMatchRow key={matchId} matchId={matchId} puuid={player.puuid} />
        ))}
      </ol>
      {props.last && matchIds.length === MATCH_PAGE_SIZE ? (
        <button type="button" className="match-list-more" onClick={props.onMore} data-testid="matches-more">
          More
        </button>
      ) : null}
    </>
  );
}

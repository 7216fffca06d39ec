import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { CardPlay, SeenCardRow } from '@shared/contract';
import { formatGameTime } from '@shared/contract/live';
import { writeCardList, type CardRowView } from './cardListWriter';

/**
 * A card list given whole (a game of the history, the companion's list of plays): React draws the list's element,
 * `writeCardList` its rows, as the trackers' lists fed by each pushed state are drawn.
 */
function CardList({ views, ordered = false }: { views: readonly CardRowView[]; ordered?: boolean }) {
  const list = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (list.current) writeCardList(list.current, views);
  }, [views]);
  const attach = useCallback((element: HTMLElement | null) => {
    list.current = element;
  }, []);
  return ordered ? <ol className="card-list" ref={attach} /> : <ul className="card-list" ref={attach} />;
}

/** A card seen (or in a deck list) with how many copies. */
export function seenCardView(row: SeenCardRow, testId?: string, fresh = false): CardRowView {
  return {
    key: row.card.code,
    card: row.card,
    count: row.count,
    countPrefix: '×',
    countTitle: `${row.count} ${row.count === 1 ? 'copy' : 'copies'}`,
    fresh,
    testId,
  };
}

/** Cards with how many copies: seen on the board, or in a deck list. */
export function SeenCardList({ rows }: { rows: readonly SeenCardRow[] }) {
  const views = useMemo(() => rows.map((row) => seenCardView(row)), [rows]);
  return <CardList views={views} />;
}

/** The local player's plays in order, each with when it left the hand. */
export function PlayList({ plays, startedAt }: { plays: readonly CardPlay[]; startedAt: number }) {
  const views = useMemo(
    () =>
      plays.map((play, index): CardRowView => ({
        key: `${play.at}-${index}`,
        card: play.card,
        count: index + 1,
        countPrefix: '#',
        countTitle: `played at ${formatGameTime((play.at - startedAt) / 1000)}`,
      })),
    [plays, startedAt],
  );
  return <CardList views={views} ordered />;
}

import type { MouseEvent } from 'react';
import { formatGameTime, type TournamentResultView } from '@shared/contract';
import { hrefWithParams, navigateWithParams } from '../../navigation/searchParams';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { ResultPlayers } from './ResultPlayers';
import { formatTime, matchLink, RESULT_SOURCE_LABELS } from './tournamentFormat';

/** One game's result, how it arrived, who won and lost, and the link to its match page. */
export function ResultRow({
  result,
  tournamentName,
}: {
  result: TournamentResultView;
  tournamentName: string;
}) {
  const link = matchLink(result.matchPath);
  const locale = useDisplayLocale();
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigateWithParams(link.path, link.params);
  };
  return (
    <tr
      data-testid="result-row"
      data-code={result.code}
      data-game-id={result.gameId}
      data-source={result.source}
      className={result.counts === false ? 'stale' : undefined}
    >
      <td>
        <a href={hrefWithParams(link.path, link.params)} onClick={open} data-testid="result-match-link">
          {result.matchId}
        </a>
      </td>
      <td>
        <span className={`tag source-${result.source}`} data-testid="result-source">
          {RESULT_SOURCE_LABELS[result.source]}
        </span>
      </td>
      <td className="mono wrap">{result.code}</td>
      <td>{tournamentName}</td>
      <td>
        {result.gameMode || '—'}
        {result.gameName ? <span className="muted"> · {result.gameName}</span> : null}
        {result.review ? <span className="tag bad">to review</span> : null}
        {result.counts === null ? null : (
          <span className={`tag ${result.counts ? 'ok' : ''}`} data-testid="result-counts">
            {result.counts ? 'counts' : 'does not count'}
          </span>
        )}
      </td>
      <td>
        <ResultPlayers result={result} side="winners" />
      </td>
      <td>
        <ResultPlayers result={result} side="losers" />
      </td>
      <td className="num" data-testid="result-length">
        {result.durationSeconds === null ? '—' : formatGameTime(result.durationSeconds)}
      </td>
      <td>{result.metadata || '—'}</td>
      <td>{formatTime(result.receivedAt, locale)}</td>
    </tr>
  );
}

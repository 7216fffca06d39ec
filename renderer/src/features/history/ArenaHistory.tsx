import { useState } from 'react';
import { formatGameTime, type ArenaGameRow } from '@shared/contract';
import { ConfirmChoice } from '../../ui/ConfirmChoice';
import { useDisplayLocale } from '../../state/useDisplayLocale';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { useArenaHistory } from './useArenaHistory';
import { useDeleteHistoryGames } from './useDeleteHistoryGames';

const LIMIT = 200;
const RESULT_LABELS: Record<ArenaGameRow['result'], string> = { win: 'Win', loss: 'Loss', unknown: '—' };

/** The arena games the scoreboard saw end: the local player's own line, as the game showed it. */
export function ArenaHistory() {
  const list = useArenaHistory(LIMIT);
  const locale = useDisplayLocale();
  const remove = useDeleteHistoryGames('arena');
  // The game whose delete waits for a second click, or every game.
  const [confirming, setConfirming] = useState<number | 'all' | null>(null);
  const games = list.data?.games ?? [];
  const done = { onSuccess: () => setConfirming(null) };
  return (
    <section className="panel history-games" aria-labelledby="arena-history-title">
      <div className="history-toolbar">
        <h2 id="arena-history-title">Arena games</h2>
        <span className="muted" data-testid="arena-history-total">
          {list.data ? `${games.length} ${games.length === 1 ? 'game' : 'games'}` : ''}
        </span>
        <div className="history-actions">
          {confirming === 'all' ? (
            <ConfirmChoice
              className="danger"
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ all: true }, done)}
              onKeep={() => setConfirming(null)}
              testId="arena-history-delete-all-confirm"
            >
              Delete every arena game for good
            </ConfirmChoice>
          ) : (
            <button
              type="button"
              disabled={!list.data}
              onClick={() => setConfirming('all')}
              data-testid="arena-history-delete-all"
            >
              Delete all
            </button>
          )}
        </div>
      </div>
      <RequestError error={list.error ?? remove.error} testId="arena-history-error" />
      {list.data && games.length === 0 ? (
        <p className="history-empty" data-testid="arena-history-empty">
          No arena games yet. Games the scoreboard follows to the end appear here; they are stored on this
          computer only.
        </p>
      ) : (
        <table className="history-table games" data-testid="arena-history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Result</th>
              <th scope="col">Champion</th>
              <th scope="col">Queue</th>
              <th scope="col" className="num">
                K / D / A
              </th>
              <th scope="col" className="num">
                CS
              </th>
              <th scope="col" className="num">
                Length
              </th>
              <th scope="col" aria-label="Delete" />
            </tr>
          </thead>
          <tbody>
            {games.map((game) => (
              <tr key={game.id} data-testid="arena-history-game" data-result={game.result}>
                <td className="nowrap">{formatDateTime(game.startedAt, locale)}</td>
                <td>
                  <span className={`card-result ${game.result}`}>{RESULT_LABELS[game.result]}</span>
                </td>
                <td>{game.champion}</td>
                <td>{game.queueLabel}</td>
                <td className="num" data-testid="arena-history-kda">
                  {game.kills} / {game.deaths} / {game.assists}
                </td>
                <td className="num">{game.creepScore}</td>
                <td className="num">{formatGameTime(game.durationSeconds)}</td>
                <td className="history-row-actions">
                  {confirming === game.id ? (
                    <ConfirmChoice
                      className="danger"
                      pending={remove.isPending}
                      onConfirm={() => remove.mutate({ ids: [game.id] }, done)}
                      onKeep={() => setConfirming(null)}
                      testId="arena-history-delete-confirm"
                    >
                      Delete for good
                    </ConfirmChoice>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Delete the ${game.champion} game of ${formatDateTime(game.startedAt, locale)}`}
                      onClick={() => setConfirming(game.id)}
                      data-testid="arena-history-delete"
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="history-note muted">
        Stored in the history database in Sightline’s data folder. Nothing is uploaded.
      </p>
    </section>
  );
}

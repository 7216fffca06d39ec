import { formatGameTime, type ArenaGameRow } from '@shared/contract';
import { hrefWithParams, navigateWithParams } from '../../navigation/searchParams';
import { useAppState } from '../../state/AppContext';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { PLAYERS_PAGE_PATH } from '../webApi/players/PlayersPage';

/**
 * One arena game opened up: what the history stored of it (the local player's line, as the game showed it).
 * With a web API key, the player's matches on the Players page lead to the full match record.
 */
export function ArenaGameDetail({ game }: { game: ArenaGameRow }) {
  const locale = useDisplayLocale();
  const hasKey = useAppState((state) => state.webApi.key.present) ?? false;
  const endedAt = game.startedAt + game.durationSeconds * 1000;
  return (
    <div className="game-detail arena-game-detail" data-testid="arena-history-detail">
      <dl className="arena-detail-facts">
        <div>
          <dt>Champion</dt>
          <dd>{game.champion}</dd>
        </div>
        <div>
          <dt>Queue</dt>
          <dd>{game.queue}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(game.startedAt, locale)}</dd>
        </div>
        <div>
          <dt>Ended</dt>
          <dd>{formatDateTime(endedAt, locale)}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{formatGameTime(game.durationSeconds)}</dd>
        </div>
        <div>
          <dt>Kills / deaths / assists</dt>
          <dd>
            {game.kills} / {game.deaths} / {game.assists}
          </dd>
        </div>
        <div>
          <dt>Minions and monsters (CS)</dt>
          <dd>{game.creepScore}</dd>
        </div>
        {game.playerId ? (
          <div>
            <dt>Played as</dt>
            <dd>{game.playerId}</dd>
          </div>
        ) : null}
      </dl>
      {game.playerId && hasKey ? (
        <a
          className="arena-detail-match-link"
          href={hrefWithParams(PLAYERS_PAGE_PATH, { riotId: game.playerId })}
          onClick={(event) => {
            event.preventDefault();
            navigateWithParams(PLAYERS_PAGE_PATH, { riotId: game.playerId, game: '' });
          }}
          data-testid="arena-history-open-matches"
        >
          Open {game.playerId}’s matches (web API) to see the whole match
        </a>
      ) : (
        <p className="muted" data-testid="arena-history-detail-note">
          {game.playerId
            ? 'Add a web API key in Settings to open the whole match record.'
            : 'The whole match record needs the player’s Riot ID, which this game did not store.'}
        </p>
      )}
    </div>
  );
}

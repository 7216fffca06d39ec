import { formatGameTime, type ArenaGameRow, type ArenaMatchLookup } from '@shared/contract';
import { hrefWithParams, navigateWithParams } from '../../navigation/searchParams';
import { useAppState } from '../../state/AppContext';
import { useContractQuery } from '../../state/contractQueries';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { StaticDataMatchIcons } from '../webApi/matches/catalogIcons';
import { MatchDetails } from '../webApi/matches/MatchDetails';
import { PLAYERS_PAGE_PATH } from '../webApi/players/PlayersPage';
import '../webApi/matches/matches.css';

/**
 * One arena game opened up: what the history stored of it (the local player's line, as the game showed it), and
 * with a web API key the whole match as the publisher's match record has it, found after the game by the
 * player's Riot ID and the game's time (the match page's own view, the player's line highlighted).
 */
export function ArenaGameDetail({ game }: { game: ArenaGameRow }) {
  const locale = useDisplayLocale();
  const hasKey = useAppState((state) => state.webApi.key.present) ?? false;
  // Asked only with a key and a Riot ID: the core finds the match once and stores it on the game.
  const lookup = useContractQuery(
    'history.arena.match',
    { id: game.id },
    { enabled: hasKey && game.playerId !== '', retry: false, staleTime: 60_000 },
  );
  const found = lookup.data?.state === 'found' ? lookup.data : null;
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
          <dd data-testid="arena-history-detail-queue">{found?.queue ?? game.queue}</dd>
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
      {found ? (
        <StaticDataMatchIcons>
          <MatchDetails matchId={found.matchId} routing="" code="" highlight={game.playerId} />
        </StaticDataMatchIcons>
      ) : (
        <p className="muted" data-testid="arena-history-detail-note">
          {matchNote({ game, hasKey, lookup: lookup.data, pending: lookup.isPending, failed: lookup.error })}
        </p>
      )}
      {game.playerId && hasKey && !found ? (
        <a
          className="arena-detail-match-link"
          href={hrefWithParams(PLAYERS_PAGE_PATH, { riotId: game.playerId })}
          onClick={(event) => {
            event.preventDefault();
            navigateWithParams(PLAYERS_PAGE_PATH, { riotId: game.playerId, game: '' });
          }}
          data-testid="arena-history-open-matches"
        >
          Open {game.playerId}’s matches
        </a>
      ) : null}
    </div>
  );
}

/** Why the whole match is not shown (yet), in one line that says what to do. */
function matchNote(facts: {
  game: ArenaGameRow;
  hasKey: boolean;
  lookup: ArenaMatchLookup | undefined;
  pending: boolean;
  failed: Error | null;
}): string {
  if (!facts.game.playerId)
    return 'The full match needs the player’s Riot ID, which this game did not store.';
  if (!facts.hasKey) return 'Set your API key on the Players page to see the full match.';
  if (facts.failed) return `The full match could not be looked up: ${facts.failed.message}`;
  if (facts.pending || !facts.lookup) return 'Looking for this game’s match…';
  switch (facts.lookup.state) {
    case 'no-key':
      return 'Set your API key on the Players page to see the full match.';
    case 'no-riot-id':
      return 'The full match needs the player’s Riot ID, which this game did not store.';
    case 'not-found':
      return 'The web API does not list this game’s match yet (it can take a few minutes after the game); open the game again later.';
    case 'unavailable':
      return `The web API did not give this game’s match: ${facts.lookup.message}`;
    case 'found':
      return '';
  }
}

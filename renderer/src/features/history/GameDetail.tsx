import { CardDataNotice } from '../card/CardDataNotice';
import { PlayList, SeenCardList } from '../card/CardList';
import { TrackerPanel } from '../card/TrackerPanel';
import { RequestError } from '../../ui/RequestError';
import { useCardGameDetail } from './useCardHistory';

/** One game opened up: the deck played, the plays in order, the opponent's cards seen. */
export function GameDetail({ id }: { id: number }) {
  const detail = useCardGameDetail(id);
  if (detail.isPending) return <p className="muted">Loading…</p>;
  if (detail.isError) return <RequestError error={detail.error} />;
  const game = detail.data;
  return (
    <div className="game-detail" data-testid="history-game-detail">
      <CardDataNotice
        cards={[...game.deck, ...game.plays, ...game.opponentCards].map((entry) => entry.card)}
      />
      <TrackerPanel
        label="Deck"
        title="Deck"
        aside={game.deckCode ? <code className="detail-code">{game.deckCode}</code> : null}
        layout="compact"
        empty={game.deck.length === 0 ? 'The deck list was never read.' : null}
      >
        <SeenCardList rows={game.deck} />
      </TrackerPanel>
      <TrackerPanel
        label="Your plays"
        title="Your plays"
        layout="compact"
        empty={game.plays.length === 0 ? 'None recorded.' : null}
      >
        <PlayList plays={game.plays} startedAt={game.startedAt} />
      </TrackerPanel>
      <TrackerPanel
        label="Opponent's cards seen"
        title="Opponent’s cards seen"
        layout="compact"
        empty={game.opponentCards.length === 0 ? 'None seen.' : null}
      >
        <SeenCardList rows={game.opponentCards} />
      </TrackerPanel>
    </div>
  );
}

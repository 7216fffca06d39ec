import { useState } from 'react';
import { formatGameTime, type TrackedCardGame } from '@shared/contract';
import { readStoredChoice, writeStoredChoice } from '../../ui/storedChoice';
import { useNow } from '../../ui/time/useNow';
import { CardDataNotice } from './CardDataNotice';
import type { TrackerLayout } from './TrackerPanel';
import { DeckColumn } from './DeckColumn';
import { OpponentCardsPanel } from './OpponentCardsPanel';
import { PlayList } from './CardList';
import { TrackerPanel } from './TrackerPanel';
import { TrackerWaiting } from './TrackerWaiting';
import { useCardGame } from './useCardGame';
import './deckTracker.css';

const LAYOUT_KEY = 'sightline.deckTracker.layout';

function useTrackerLayout(): [TrackerLayout, (layout: TrackerLayout) => void] {
  const [layout, setLayout] = useState<TrackerLayout>(() =>
    readStoredChoice(LAYOUT_KEY) === 'compact' ? 'compact' : 'expanded',
  );
  return [
    layout,
    (next) => {
      setLayout(next);
      writeStoredChoice(LAYOUT_KEY, next);
    },
  ];
}

/** The companion's card game page: the same deck column and opponent panel as the overlays, and the plays. */
export function DeckTrackerPage() {
  const card = useCardGame();
  const [layout, setLayout] = useTrackerLayout();
  const game = card?.game ?? null;
  return (
    <div className="tracker-page" data-testid="deck-tracker-page" data-phase={card?.phase}>
      {game ? <CardDataNotice cards={cardsOf(game)} /> : null}
      <section className="panel tracker-summary" aria-labelledby="card-game-title">
        <div className="tracker-summary-head">
          <h2 id="card-game-title">Card game</h2>
          <div className="segmented" role="group" aria-label="Layout">
            {(['expanded', 'compact'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={layout === option}
                onClick={() => setLayout(option)}
                data-testid={`tracker-layout-${option}`}
              >
                {option === 'expanded' ? 'Expanded' : 'Compact'}
              </button>
            ))}
          </div>
        </div>
        {game ? (
          <GameSummary game={game} ended={card?.phase === 'ended'} />
        ) : (
          <TrackerWaiting lastGame={card?.lastGame ?? null} />
        )}
        <p className="tracker-policy muted">
          Counts of what the client shows, nothing more: no draw odds, no play advice, no guess at the
          opponent’s deck.
        </p>
      </section>
      {game ? (
        <div className={`tracker-columns ${layout}`}>
          <DeckColumn layout={layout} />
          <OpponentCardsPanel layout={layout} />
          <PlaysPanel game={game} layout={layout} />
        </div>
      ) : null}
    </div>
  );
}

function GameSummary({ game, ended }: { game: TrackedCardGame; ended: boolean }) {
  const now = useNow(1000, !ended);
  return (
    <dl className="tracker-facts">
      <div>
        <dt>Players</dt>
        <dd data-testid="tracker-players">
          {game.playerName ?? 'You'} <span className="muted">vs</span> {game.opponentName ?? 'opponent'}
        </dd>
      </div>
      <div>
        <dt>State</dt>
        <dd data-testid="tracker-state">
          {ended ? 'Game over, reading the result…' : game.mulligan ? 'Mulligan' : 'In game'}
        </dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd className="tabular">{formatGameTime((now - game.startedAt) / 1000)}</dd>
      </div>
      <div>
        <dt>Deck code</dt>
        <dd className="deck-code" data-testid="tracker-deck-code">
          {game.deckCode ? (
            <>
              <code title={game.deckCode}>{game.deckCode}</code>
              <button type="button" onClick={() => void navigator.clipboard?.writeText(game.deckCode ?? '')}>
                Copy
              </button>
            </>
          ) : (
            <span className="muted">not read yet</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

function PlaysPanel({ game, layout }: { game: TrackedCardGame; layout: TrackerLayout }) {
  return (
    <TrackerPanel
      label="Your plays"
      title="Your plays"
      figures={
        <span className="figure">
          <strong>{game.plays.length}</strong> played
        </span>
      }
      layout={layout}
      testId="local-plays"
      empty={game.plays.length === 0 ? 'Nothing played yet.' : null}
    >
      <PlayList plays={game.plays} startedAt={game.startedAt} />
    </TrackerPanel>
  );
}

function cardsOf(game: TrackedCardGame) {
  return [...game.deck, ...game.opponentCards, ...game.plays].map((entry) => entry.card);
}

import { useOverlayState } from '../../state/AppContext';
import { FitToWindow } from '../../ui/fit/FitToWindow';
import { LegalFooter } from '../legal/LegalNotice';
import type { TrackerLayout } from './TrackerPanel';
import { DeckColumn } from './DeckColumn';
import { OpponentCardsPanel } from './OpponentCardsPanel';
import './deckTracker.css';

/** The padding of deckTracker.css (.tracker-overlay), on each side. */
const TRACKER_PADDING_PX = 8;

/** OBS browser sources / overlay windows: the deck column or the opponent's cards during a game, else blank. */
function TrackerOverlay({ panel, layout }: { panel: 'deck' | 'opponent'; layout: TrackerLayout }) {
  // Only whether there is a game: what changes in it is read by the panel's parts that draw it.
  const phase = useOverlayState((state) => state.card.phase);
  const inGame = useOverlayState((state) => state.card.game !== null);
  return (
    <div
      className={`tracker-overlay ${layout}`}
      data-testid={`${panel}-overlay`}
      data-phase={phase ?? undefined}
    >
      {/*
        No game, nothing on stream: the client's state is on the Status and OBS overlays pages. Nor does a
        missing card download say so here: the rows show codes, and the companion's Deck tracker page says why.
      */}
      {inGame ? (
        // A list longer than its source is scaled to fit, not cut at its foot with the legal line under it.
        <FitToWindow
          gutterPx={2 * TRACKER_PADDING_PX}
          className="tracker-fit"
          legal={<LegalFooter compact />}
        >
          {panel === 'deck' ? <DeckColumn layout={layout} /> : <OpponentCardsPanel layout={layout} />}
        </FitToWindow>
      ) : null}
    </div>
  );
}

export const DeckTrackerOverlay = () => <TrackerOverlay panel="deck" layout="expanded" />;
export const DeckTrackerCompactOverlay = () => <TrackerOverlay panel="deck" layout="compact" />;
export const OpponentCardsOverlay = () => <TrackerOverlay panel="opponent" layout="expanded" />;
export const OpponentCardsCompactOverlay = () => <TrackerOverlay panel="opponent" layout="compact" />;

import type { CardBoard, OverlayState } from '@shared/contract';
import { useOverlayState, useOverlayWrite } from '../../state/AppContext';
import { LegalFooter } from '../legal/LegalNotice';
import { writeBoardLabels } from './boardLabels';
import './boardOverlay.css';

const boardOf = (state: OverlayState) => (state.card.phase === 'in-game' ? state.card.board : null);

/** OBS browser source / overlay window over the card game: each card's name where the client draws it. */
export function BoardOverlay() {
  const phase = useOverlayState((state) => state.card.phase);
  const showing = useOverlayState((state) => boardOf(state) !== null);
  return (
    <div className="board-overlay" data-testid="board-overlay" data-phase={phase ?? undefined}>
      {showing ? (
        <>
          <BoardLabels />
          <div className="board-legal">
            <LegalFooter compact />
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * The labels, written into the page for each board pushed: a card played adds its label, a card that moves has
 * its label moved, and the others are not touched.
 */
function BoardLabels() {
  const { ref } = useOverlayWrite<HTMLDivElement, CardBoard | null>(boardOf, writeBoardLabels);
  return <div className="board-labels" ref={ref} />;
}

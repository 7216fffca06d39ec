import type { BoardCard, CardBoard } from '@shared/contract';

/**
 * The board overlay's labels, written straight into the page rather than rendered by React: the board changes
 * with every card played, and a React render and commit for it cost the overlay more than the frame that shows it
 * (`sightline bench overlays`). React draws the labels' layer; `writeBoardLabels` keeps one label per card on it.
 */

/**
 * Where a card's label goes, in viewport units (the overlay fills the page): the client's screen and the page are
 * the same picture at two sizes (the OBS source over the game capture), so these put it over the card at any size.
 * The label is moved by `transform`, never `left`/`top`: the board's cards shift a slot whenever one is played,
 * and a moved transform is repainted where a moved `left` or `top` is laid out again.
 */
function boardLabelPlace(
  card: BoardCard,
  screen: CardBoard['screen'],
): { transform: string; maxWidth: string } {
  const share = (value: number, of: number) => (value / of) * 100;
  const x = share(card.left + card.width / 2, screen.width);
  // Low on the card, over its name plate rather than its art.
  const y = share(card.top + card.height * 0.8, screen.height);
  return {
    transform: `translate(calc(${x}vw - 50%), calc(${y}vh - 50%))`,
    maxWidth: `${share(card.width, screen.width)}vw`,
  };
}

interface ShownLabel {
  card: BoardCard;
  screen: CardBoard['screen'];
  justPlayed: boolean;
}

/** What each label shows, so a board written again touches only what changed. */
const shown = new WeakMap<Element, ShownLabel>();
/** Each layer's labels by card id: the writer's own record, so no write reads the page back. */
const labelsOf = new WeakMap<HTMLElement, Map<number, HTMLElement>>();

/**
 * Makes `layer`'s labels the board's cards: one per card, added, moved, marked or removed as the board says. (No
 * board, no layer: the overlay takes the layer away.)
 */
export function writeBoardLabels(layer: HTMLElement, board: CardBoard): void {
  const labels = labelsOf.get(layer) ?? new Map<number, HTMLElement>();
  labelsOf.set(layer, labels);
  for (const [id, label] of labels) {
    if (board.cardsById[id]) continue;
    label.remove();
    labels.delete(id);
  }
  for (const card of Object.values(board.cardsById)) {
    let label = labels.get(card.cardId);
    if (!label) {
      label = layer.appendChild(createLabel(card.cardId));
      labels.set(card.cardId, label);
    }
    const next = { card, screen: board.screen, justPlayed: card.cardId === board.opponentJustPlayed };
    writeLabel(label, next, shown.get(label));
    shown.set(label, next);
  }
}

function createLabel(cardId: number): HTMLElement {
  const label = document.createElement('div');
  label.dataset.testid = 'board-label';
  label.dataset.cardId = String(cardId);
  return label;
}

const samePlace = (a: ShownLabel, b: ShownLabel): boolean =>
  a.card.left === b.card.left &&
  a.card.top === b.card.top &&
  a.card.width === b.card.width &&
  a.card.height === b.card.height &&
  a.screen.width === b.screen.width &&
  a.screen.height === b.screen.height;

/** Each part of a label only when it differs: a write, even of the same value, can cost the page a frame. */
function writeLabel(label: HTMLElement, next: ShownLabel, before: ShownLabel | undefined): void {
  if (next.justPlayed !== before?.justPlayed) {
    label.className = next.justPlayed ? 'board-label just-played' : 'board-label';
    if (next.justPlayed) label.dataset.justPlayed = 'true';
    else delete label.dataset.justPlayed;
  }
  if (!before || !samePlace(before, next)) {
    const place = boardLabelPlace(next.card, next.screen);
    label.style.transform = place.transform;
    label.style.maxWidth = place.maxWidth;
  }
  if (before?.card.card !== next.card.card) label.replaceChildren(...labelText(next.card));
}

/** The card's name and cost; its code when the card data is not loaded. */
function labelText({ card }: BoardCard): HTMLElement[] {
  const name = document.createElement('span');
  name.className = 'board-label-name';
  name.textContent = card.name ?? card.code;
  if (card.cost === null) return [name];
  const cost = document.createElement('span');
  cost.className = 'board-label-cost';
  cost.textContent = String(card.cost);
  return [cost, name];
}

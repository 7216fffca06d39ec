import type { CardInfo } from '@shared/contract';
import { hostAssetUrl } from '../../bridge/hostAssetUrl';
import { writeText } from '../../ui/writeText';
import { regionColor, regionName } from './regions';

/**
 * The card lists of the deck trackers and the history, written straight into the page rather than rendered by
 * React: a card played, drawn or seen changes a row or adds one while the panel around the list stays, and a
 * React render and commit for it cost an overlay more than the frame that shows it (`sightline bench overlays`).
 * React draws the list's element; `writeCardList` keeps its rows, as React's keyed children would.
 */

/** One card as a list shows it. */
export interface CardRowView {
  /** Tells the row apart from the list's others (a card's code, or a play's time and place). */
  key: string;
  card: CardInfo;
  /** The number on the right: copies left in the deck, or copies seen. */
  count: number;
  /** Shown before the count ("×" for cards seen). */
  countPrefix?: string;
  /** A tooltip for the count ("2 of 3 left"). */
  countTitle: string;
  /** Greyed out: no copy left. */
  spent?: boolean;
  /** Just seen (the opponent's last play): lit for a moment. */
  fresh?: boolean;
  testId?: string;
}

/** What each row element shows, so a list written again touches only what changed. */
const shown = new WeakMap<Element, CardRowView>();
/** Each list's rows by key: the writer's own record, so no write reads the page back. */
const rowsOf = new WeakMap<HTMLElement, Map<string, HTMLLIElement>>();

/**
 * Makes `list`'s rows `views`, in order: a row whose key it already has keeps its element (only its count,
 * tooltip and light are written, each when it changed), a new key gets a new element, and rows no longer in
 * `views` are removed. A row's card that changed (its data arrived) draws it again.
 */
export function writeCardList(list: HTMLElement, views: readonly CardRowView[]): void {
  const rows = rowsOf.get(list);
  const kept = new Map<string, HTMLLIElement>();
  // Every row before `next` is in its place; each view's row goes there.
  let next = list.firstElementChild;
  for (const view of views) {
    const existing = rows?.get(view.key);
    const before = existing ? shown.get(existing) : undefined;
    const row = existing && before && sameCard(before.card, view.card) ? existing : createCardRow(view);
    if (row === next) next = row.nextElementSibling;
    else list.insertBefore(row, next);
    if (row === existing) writeRowState(row, view, before);
    shown.set(row, view);
    kept.set(view.key, row);
  }
  while (next) {
    const after = next.nextElementSibling;
    next.remove();
    next = after;
  }
  rowsOf.set(list, kept);
}

function sameCard(a: CardInfo, b: CardInfo): boolean {
  return (
    a === b ||
    (a.code === b.code &&
      a.name === b.name &&
      a.cost === b.cost &&
      a.region === b.region &&
      a.faction === b.faction &&
      a.artUrl === b.artUrl &&
      a.champion === b.champion)
  );
}

/**
 * One card as deck trackers draw it: the cost gem, the name over the card's art fading in from the right (the
 * row's own background, --art), the count on the far right; a champion in gold. Without card data the code
 * stands in, plainly, over the region's colour: no cost, no art, no broken image (the list says once why).
 */
function createCardRow(view: CardRowView): HTMLLIElement {
  const { card } = view;
  const row = document.createElement('li');
  row.dataset.key = view.key;
  row.dataset.code = card.code;
  row.style.setProperty('--region', regionColor(card.faction));
  if (card.artUrl) row.style.setProperty('--art', `url("${encodeURI(hostAssetUrl(card.artUrl))}")`);
  const region = card.region ?? regionName(card.faction);
  row.title = `${card.name ?? card.code} · ${region}${card.champion ? ' · Champion' : ''}`;

  const cost = element('span', 'card-cost', card.cost === null ? '' : String(card.cost));
  cost.setAttribute('aria-label', card.cost === null ? 'cost unknown' : `cost ${card.cost}`);
  const name = element('span', card.name ? 'card-name' : 'card-name code');
  if (card.champion) name.append(championMark());
  name.append(element('span', 'card-label', card.name ?? card.code));
  row.append(cost, name, element('span', 'card-count'));
  writeRowState(row, view, undefined);
  return row;
}

/**
 * The parts of a row that change while its card stays (count, tooltip, greyed, lit, test id), each written only
 * when it differs from what the row shows: a write, even of the same value, can cost the page a frame.
 */
function writeRowState(row: HTMLLIElement, view: CardRowView, before: CardRowView | undefined): void {
  if (view === before) return;
  if (!before || view.spent !== before.spent || view.fresh !== before.fresh)
    row.className = classNameOf(view);
  if (view.testId !== before?.testId) {
    if (view.testId === undefined) delete row.dataset.testid;
    else row.dataset.testid = view.testId;
  }
  const count = `${view.countPrefix ?? ''}${view.count}`;
  if (
    before &&
    count === `${before.countPrefix ?? ''}${before.count}` &&
    view.countTitle === before.countTitle
  ) {
    return;
  }
  row.dataset.count = String(view.count);
  const figure = row.lastElementChild;
  if (!(figure instanceof HTMLElement)) return;
  figure.title = view.countTitle;
  writeText(figure, count);
}

function classNameOf({ card, spent, fresh }: CardRowView): string {
  return [
    'card-row',
    spent ? 'spent' : '',
    fresh ? 'fresh' : '',
    card.artUrl ? 'has-art' : '',
    card.champion ? 'champion' : '',
    card.name === null ? 'no-data' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The crown champions wear in the game's deck lists. */
const CROWN = 'M1 3.5 4.6 7 8 1l3.4 6L15 3.5 13.6 11H2.4Z';
const SVG = 'http://www.w3.org/2000/svg';

function championMark(): SVGSVGElement {
  const mark = document.createElementNS(SVG, 'svg');
  mark.setAttribute('class', 'champion-mark');
  mark.setAttribute('viewBox', '0 0 16 12');
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', 'Champion');
  // Its shadow is a second crown drawn once under it, not a drop-shadow filter run on every repaint.
  const shadow = document.createElementNS(SVG, 'path');
  shadow.setAttribute('d', CROWN);
  shadow.setAttribute('transform', 'translate(0 1)');
  shadow.setAttribute('fill', 'rgba(0, 0, 0, 0.8)');
  const crown = document.createElementNS(SVG, 'path');
  crown.setAttribute('d', CROWN);
  crown.setAttribute('fill', 'currentColor');
  mark.append(shadow, crown);
  return mark;
}

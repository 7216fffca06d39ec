import { memo, type CSSProperties, type Ref } from 'react';
import type { CardInfo } from '@shared/contract';
import { hostAssetUrl } from '../../bridge/hostAssetUrl';
import { regionColor, regionName } from './regions';

export type TrackerLayout = 'expanded' | 'compact';

interface CardRowProps {
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
  /** The row's element, for a count written without a render (writeCardCount). */
  ref?: Ref<HTMLLIElement>;
}

/**
 * One card as deck trackers draw it: the cost gem, the name over the card's art fading in from the right,
 * the count on the far right; a champion in gold. Without card data the code stands in, plainly, over the
 * region's colour: no cost, no art, no broken image (the list says once why). Memoised: a patch keeps the rows
 * it does not touch by identity (`diffState`), so only the row whose count or light changed renders again.
 */
export const CardRow = memo(function CardRow({
  card,
  count,
  countPrefix = '',
  countTitle,
  spent = false,
  fresh = false,
  testId,
  ref,
}: CardRowProps) {
  const style = {
    '--region': regionColor(card.faction),
    ...(card.artUrl ? { '--art': `url("${encodeURI(hostAssetUrl(card.artUrl))}")` } : {}),
  } as CSSProperties;
  const classes = [
    'card-row',
    spent ? 'spent' : '',
    fresh ? 'fresh' : '',
    card.artUrl ? 'has-art' : '',
    card.champion ? 'champion' : '',
    card.name === null ? 'no-data' : '',
  ].filter(Boolean);
  const region = card.region ?? regionName(card.faction);
  return (
    <li
      ref={ref}
      className={classes.join(' ')}
      style={style}
      data-testid={testId}
      data-code={card.code}
      data-count={count}
      title={`${card.name ?? card.code} · ${region}${card.champion ? ' · Champion' : ''}`}
    >
      <span className="card-cost" aria-label={card.cost === null ? 'cost unknown' : `cost ${card.cost}`}>
        {card.cost ?? ''}
      </span>
      <span className="card-art" aria-hidden="true" />
      <span className={card.name ? 'card-name' : 'card-name code'}>
        {card.champion ? <ChampionMark /> : null}
        <span className="card-label">{card.name ?? card.code}</span>
      </span>
      <span className="card-count" title={countTitle}>
        {countPrefix}
        {count}
      </span>
    </li>
  );
});

/**
 * A row's count as CardRow draws it, written into the row CardRow drew without a render: the number, its tooltip and
 * whether the row is spent. What changes with a card drawn, while the card, its art and name stay.
 */
export function writeCardCount(
  row: HTMLLIElement,
  { count, countTitle, spent }: Pick<CardRowProps, 'count' | 'countTitle' | 'spent'>,
): void {
  // Each part only when it differs: a write, even of the same value, can cost the page a frame.
  const text = String(count);
  if (row.dataset.count !== text) row.dataset.count = text;
  if (row.classList.contains('spent') !== (spent === true)) row.classList.toggle('spent', spent === true);
  const figure = row.querySelector<HTMLElement>('.card-count');
  if (!figure) return;
  if (figure.title !== countTitle) figure.title = countTitle;
  // The count is the figure's last text node (after the prefix, if any): React keeps it as its own.
  const number = figure.lastChild;
  if (number instanceof Text && number.data !== text) number.data = text;
}

/** The crown champions wear in the game's deck lists. */
const CROWN = 'M1 3.5 4.6 7 8 1l3.4 6L15 3.5 13.6 11H2.4Z';

function ChampionMark() {
  return (
    <svg className="champion-mark" viewBox="0 0 16 12" role="img" aria-label="Champion">
      {/* Its shadow is a second crown drawn once under it, not a drop-shadow filter run on every repaint. */}
      <path d={CROWN} transform="translate(0 1)" fill="rgba(0, 0, 0, 0.8)" />
      <path d={CROWN} fill="currentColor" />
    </svg>
  );
}

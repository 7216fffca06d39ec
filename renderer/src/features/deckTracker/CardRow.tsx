import type { CSSProperties } from 'react';
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
  testId?: string;
}

/** One card as a strip: cost, name over the card's art, and a count. Without card data the code stands in. */
export function CardRow({ card, count, countPrefix = '', countTitle, spent = false, testId }: CardRowProps) {
  const style = {
    '--region': regionColor(card.faction),
    ...(card.artUrl ? { '--art': `url("${encodeURI(hostAssetUrl(card.artUrl))}")` } : {}),
  } as CSSProperties;
  return (
    <li
      className={`card-row${spent ? ' spent' : ''}${card.artUrl ? ' has-art' : ''}`}
      style={style}
      data-testid={testId}
      data-code={card.code}
      data-count={count}
      title={`${card.name ?? card.code} · ${card.region ?? regionName(card.faction)}`}
    >
      <span className="card-cost" aria-label={card.cost === null ? 'cost unknown' : `cost ${card.cost}`}>
        {card.cost ?? ''}
      </span>
      <span className="card-art" aria-hidden="true" />
      <span className={card.name ? 'card-name' : 'card-name code'}>{card.name ?? card.code}</span>
      <span className="card-count" title={countTitle}>
        {countPrefix}
        {count}
      </span>
    </li>
  );
}

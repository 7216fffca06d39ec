import { CARD_COST_FILTER_MAX } from '@shared/contract';

/** Copies per mana cost, the last column counting that cost and more. */
export function ManaCurve({ curve }: { curve: number[] }) {
  const highest = Math.max(1, ...curve);
  return (
    <figure className="sd-curve" data-testid="mana-curve">
      <figcaption>Mana curve</figcaption>
      <ol>
        {curve.map((copies, cost) => (
          <li
            key={cost}
            aria-label={`${copies} cards costing ${cost}${cost === CARD_COST_FILTER_MAX ? ' or more' : ''}`}
          >
            <span className="sd-curve-count">{copies > 0 ? copies : ''}</span>
            <span className="sd-curve-bar" style={{ height: `${(copies / highest) * 100}%` }} />
            <span className="sd-curve-cost">{cost === CARD_COST_FILTER_MAX ? `${cost}+` : cost}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

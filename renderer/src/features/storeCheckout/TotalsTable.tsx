import type { StoreTotal } from '@shared/contract';
import { buyerLocale } from '../store/storePrices';
import { totalRows } from './totalsDisplay';

/** Totals by type, as the store sent them, in the checkout's currency. */
export function TotalsTable({ totals, testId }: { totals: readonly StoreTotal[]; testId: string }) {
  if (totals.length === 0) return null;
  return (
    <dl className="checkout-totals" data-testid={testId}>
      {totalRows(totals, buyerLocale()).map((row, index) => (
        <div
          key={`${row.type}-${index}`}
          className={`checkout-total ${row.kind}`}
          data-testid="checkout-total"
          data-type={row.type}
        >
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

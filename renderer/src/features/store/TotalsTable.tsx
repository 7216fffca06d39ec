import type { StoreTotal } from '@shared/contract';
import { useBuyerLocale } from './storePrices';
import { TOTAL_TO_PAY_LABEL, totalRows } from '@shared/store/storeTotals';

/**
 * Totals by type, as the store sent them, in the checkout's currency. On the pay screen (`payable`) the
 * grand total reads "Total to pay": the one figure the buyer pays, also in the confirmation outside the page.
 */
export function TotalsTable({
  totals,
  testId,
  payable = false,
}: {
  totals: readonly StoreTotal[];
  testId: string;
  payable?: boolean;
}) {
  const locale = useBuyerLocale();
  if (totals.length === 0) return null;
  const rows = totalRows(totals, locale, payable ? TOTAL_TO_PAY_LABEL : undefined);
  return (
    <dl className="checkout-totals" data-testid={testId}>
      {rows.map((row, index) => (
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

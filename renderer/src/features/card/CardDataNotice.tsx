import type { CardInfo } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { cardDataNotice } from './cardRows';

/** Above a view's card lists, once: why some cards are only codes, and where to fix it. */
export function CardDataNotice({ cards }: { cards: readonly CardInfo[] }) {
  const cache = useAppState((state) => state.staticData.cache);
  const notice = cardDataNotice(cards, cache);
  if (!notice) return null;
  return (
    <p className="card-data-notice" role="status" data-testid="card-data-notice">
      {notice}
    </p>
  );
}

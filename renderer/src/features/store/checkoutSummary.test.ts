import { describe, expect, it } from 'vitest';
import { ADDRESS } from '../../tools/testkit/checkoutFixtures';
import { addressLines, rateLimitText, selectedShipping } from './checkoutSummary';

describe('checkout summary', () => {
  it('writes an address as envelope lines without empty parts', () => {
    expect(addressLines(ADDRESS)).toEqual(['Ada Lovelace', '1 Main St', 'Springfield, IL, 62701', 'US']);
  });

  it('names the chosen shipping option and its price', () => {
    const option = (id: string, minor: number | null) => ({
      id,
      title: id === 'std' ? 'Standard' : 'Pickup',
      description: '',
      carrier: id === 'std' ? 'USPS' : null,
      total: minor === null ? null : { minor, currency: 'USD' },
    });
    const fulfillment = {
      methodId: 'm',
      type: 'shipping' as const,
      destination: null,
      groups: [
        {
          id: 'g1',
          lineItemIds: [],
          options: [option('std', 500), option('free', 0)],
          selectedOptionId: 'std',
        },
        { id: 'g2', lineItemIds: [], options: [option('free', 0)], selectedOptionId: 'free' },
        { id: 'g3', lineItemIds: [], options: [option('std', null)], selectedOptionId: null },
      ],
    };
    expect(selectedShipping({ fulfillment }, 'en-US')).toEqual([
      { title: 'Standard · USPS', price: '$5.00' },
      { title: 'Pickup', price: 'Free' },
    ]);
    expect(selectedShipping({ fulfillment: null }, 'en-US')).toEqual([]);
  });

  it('says how long the store asked to wait and when the retry goes', () => {
    const notice = { tool: 'create_checkout', retryAfterSeconds: 2, resumesAt: 12_000, attempt: 1 };
    expect(rateLimitText(notice, 10_500)).toBe(
      'The store asked Sightline to wait 2 s before retrying create checkout (retry 1). Retrying in 2 s…',
    );
    expect(rateLimitText(notice, 12_000)).toMatch(/Retrying now…$/);
  });
});

import { describe, expect, it } from 'vitest';
import { availabilityText, priceRangeText } from './storePrices';

describe('store prices', () => {
  it('formats minor units in the buyer currency, as one price or a range', () => {
    expect(priceRangeText({ minor: 6500, currency: 'USD' }, { minor: 6500, currency: 'USD' }, 'en-US')).toBe(
      '$65.00',
    );
    expect(priceRangeText({ minor: 1250, currency: 'EUR' }, { minor: 3500, currency: 'EUR' }, 'en-US')).toBe(
      '€12.50 – €35.00',
    );
    expect(priceRangeText({ minor: 9750, currency: 'JPY' }, null, 'en-US')).toBe('¥9,750');
    expect(priceRangeText(null, null, 'en-US')).toBe('Price not given');
    expect(availabilityText(false)).toBe('Sold out');
    expect(availabilityText(null)).toBe('Availability unknown');
  });
});

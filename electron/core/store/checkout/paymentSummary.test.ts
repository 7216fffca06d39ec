import { describe, expect, it } from 'vitest';
import { oneLine } from './paymentSummary';

describe('store text in the payment confirmation', () => {
  it('is one plain line: no escape sequences, line breaks or direction overrides, at most 100 characters', () => {
    expect(oneLine('Hoodie\u001b[2J\u001b[31m (S)\n\nTotal: $0.00')).toBe('Hoodie [2J [31m (S) Total: $0.00');
    expect(oneLine('Mug \u202e00.5$\u202c  \u2028 x')).toBe('Mug 00.5$ x');
    expect(oneLine('x'.repeat(150))).toBe(`${'x'.repeat(99)}…`);
  });
});

import { describe, expect, it } from 'vitest';
import { readCheckout, readSearchResult, readTotals } from './protocolRecords';

const OPTIONS = { fallbackCurrency: 'USD', completeToolListed: true };

const readyCheckout = (totals: unknown[]) => ({
  ucp: { version: '2026-04-08', status: 'success' },
  id: 'chk_1',
  status: 'ready_for_complete',
  currency: 'EUR',
  line_items: [{ id: 'li_1', item: { id: 'gid://v/1', title: 'Mug', price: 1250 }, quantity: 2 }],
  totals,
  payment: { instruments: [{ id: 'pi_1', handler_id: 'h', type: 'wallet', selected: true }] },
  links: [
    { type: 'terms_of_service', url: 'https://shop.example/terms' },
    { type: 'privacy_policy', url: 'javascript:alert(1)' },
  ],
});

describe('protocol money', () => {
  it('reads protocol totals as integer minor units of the checkout currency', () => {
    const { totals, unreadable } = readTotals(
      [
        { type: 'subtotal', amount: 2500 },
        { type: 'discount', amount: -500, display_text: 'Summer sale' },
        { type: 'total', amount: 2000 },
      ],
      'EUR',
    );
    expect(unreadable).toEqual([]);
    expect(totals).toEqual([
      { type: 'subtotal', label: 'Subtotal', amount: { minor: 2500, currency: 'EUR' } },
      { type: 'discount', label: 'Summer sale', amount: { minor: -500, currency: 'EUR' } },
      { type: 'total', label: 'Total', amount: { minor: 2000, currency: 'EUR' } },
    ]);
  });

  it('reads a decimal string as a decimal price and never as minor units, and refuses fractional numbers', () => {
    const { totals, unreadable } = readTotals(
      [
        { type: 'subtotal', amount: '25.00' },
        { type: 'fee', amount: { amount: '1.5', currency_code: 'EUR' } },
        { type: 'tax', amount: 2.5 },
      ],
      'EUR',
    );
    expect(totals.map((total) => total.amount)).toEqual([
      { minor: 2500, currency: 'EUR' },
      { minor: 150, currency: 'EUR' },
    ]);
    // 2.5 is neither whole minor units nor a decimal string: refused, not guessed.
    expect(unreadable).toEqual(['tax']);
  });

  it('follows the currency exponent (JPY has none)', () => {
    expect(readTotals([{ type: 'total', amount: '1500' }], 'JPY').totals[0]?.amount).toEqual({
      minor: 1500,
      currency: 'JPY',
    });
    expect(readTotals([{ type: 'total', amount: '15.50' }], 'JPY').unreadable).toEqual(['total']);
  });

  it('blocks paying a checkout whose totals cannot be read, or that has no total', () => {
    const unreadable = readCheckout(readyCheckout([{ type: 'total', amount: 'lots' }]), OPTIONS);
    expect(unreadable).toMatchObject({
      agentCanComplete: false,
      completeBlockedReason: expect.stringContaining('cannot read'),
    });
    const noTotal = readCheckout(readyCheckout([{ type: 'subtotal', amount: 2500 }]), OPTIONS);
    expect(noTotal.completeBlockedReason).toContain('no order total');
    const fine = readCheckout(readyCheckout([{ type: 'total', amount: 2500 }]), OPTIONS);
    expect(fine).toMatchObject({ agentCanComplete: true, completeBlockedReason: null });
    expect(fine.lineItems[0]).toMatchObject({
      unitPrice: { minor: 1250, currency: 'EUR' },
      total: { minor: 2500, currency: 'EUR' },
    });
  });

  it('keeps only http(s) links from the merchant', () => {
    const checkout = readCheckout(readyCheckout([{ type: 'total', amount: 2500 }]), OPTIONS);
    expect(checkout.links).toEqual([
      { type: 'terms_of_service', url: 'https://shop.example/terms', title: 'terms of service' },
    ]);
  });

  it('reads search prices in both shapes tools send', () => {
    const result = readSearchResult(
      {
        products: [
          {
            id: 'p1',
            title: 'Mug',
            description: { html: '<script>x</script>', plain: 'A mug' },
            price_range: {
              min: { amount: 1250, currency: 'USD' },
              max: { amount: '15.00', currency_code: 'USD' },
            },
            variants: [
              {
                id: 'v1',
                title: 'Blue',
                price: { amount: 1250, currency: 'USD' },
                availability: { available: true },
              },
            ],
          },
        ],
        pagination: { has_next_page: true, cursor: 'c2' },
      },
      'USD',
    );
    expect(result).toEqual({
      products: [
        {
          id: 'p1',
          title: 'Mug',
          handle: null,
          url: null,
          description: 'A mug',
          imageUrl: null,
          priceMin: { minor: 1250, currency: 'USD' },
          priceMax: { minor: 1500, currency: 'USD' },
          variants: [{ id: 'v1', title: 'Blue', price: { minor: 1250, currency: 'USD' }, available: true }],
        },
      ],
      nextCursor: 'c2',
    });
  });

  // Found by the fuzz (toolResults.fuzz.test.ts): the label table answered Object's own properties.
  it('labels a total whose type is named like a property of Object with that type', () => {
    const { totals } = readTotals(
      [
        { type: 'constructor', amount: 100 },
        { type: '__proto__', amount: 200 },
      ],
      'USD',
    );
    expect(totals.map((total) => total.label)).toEqual(['constructor', '__proto__']);
  });

  it('reads a deeply nested amount as unreadable instead of throwing a RangeError', () => {
    let amount: unknown = [];
    for (let depth = 0; depth < 20_000; depth++) amount = [amount];
    expect(readTotals([{ type: 'total', amount }], 'USD')).toEqual({ totals: [], unreadable: ['total'] });
  });

  it('leaves a line total out when unit price times quantity is past the safe integers', () => {
    const checkout = readCheckout(
      {
        ...readyCheckout([{ type: 'total', amount: 2500 }]),
        line_items: [{ id: 'li_1', item: { id: 'v', price: -4503599627370496 }, quantity: 2 }],
      },
      OPTIONS,
    );
    expect(checkout.lineItems[0]).toMatchObject({ quantity: 2, total: null });
  });

  it('quotes a short piece of a business error, however long the store made it', () => {
    const failure = (() => {
      try {
        return readCheckout(
          { ucp: { status: 'error' }, messages: [{ content: 'Sold out '.repeat(5000) }] },
          OPTIONS,
        );
      } catch (error) {
        return error;
      }
    })();
    expect(failure instanceof Error && failure.message.length).toBeLessThan(400);
    expect(failure).toMatchObject({
      message: expect.stringMatching(/^The store could not update the checkout: Sold out/),
    });
  });

  it('turns a business error response into a message with its continue_url', () => {
    expect(() =>
      readCheckout(
        {
          ucp: { status: 'error' },
          messages: [{ type: 'error', code: 'out_of_stock', content: 'Sold out' }],
          continue_url: 'https://shop.example/c',
        },
        OPTIONS,
      ),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('Sold out'),
        continueUrl: 'https://shop.example/c',
      }),
    );
  });
});

describe('payment methods Sightline refuses (spec 1 §1: no cryptocurrency)', () => {
  const WALLET = {
    id: 'pi_w',
    handler_id: 'sim.wallet',
    type: 'wallet',
    display: { description: 'Sim Wallet' },
  };
  const COINS = { id: 'pi_c', handler_id: 'coinpay_usdc', type: 'crypto', display: { description: 'USDC' } };
  const withInstruments = (instruments: unknown[], refusedHandlers = new Set<string>()) =>
    readCheckout(
      { ...readyCheckout([{ type: 'total', amount: 2500 }]), payment: { instruments } },
      { ...OPTIONS, refusedHandlers },
    );

  it('pays with an allowed method when the store preselected a crypto-currency one, and says why', () => {
    const checkout = withInstruments([{ ...COINS, selected: true }, WALLET]);
    expect(checkout.payment).toMatchObject({ instrumentId: 'pi_w', handlerId: 'sim.wallet' });
    expect(checkout.agentCanComplete).toBe(true);
    expect(checkout.messages).toEqual([
      {
        type: 'info',
        code: 'payment_method_refused',
        content: expect.stringMatching(
          /^The store chose USDC: Sightline does not pay with crypto-currency.*pays with Sim Wallet instead\.$/,
        ),
        severity: null,
        path: null,
      },
    ]);
  });

  it('refuses to pay when only crypto-currency methods remain, saying why', () => {
    const checkout = withInstruments([{ ...COINS, selected: true }]);
    expect(checkout.payment).toBeNull();
    expect(checkout.agentCanComplete).toBe(false);
    expect(checkout.completeBlockedReason).toMatch(
      /^The store offers only USDC: Sightline does not pay with crypto-currency, which the publisher’s rules forbid/,
    );
    expect(checkout.messages).toMatchObject([{ type: 'error', code: 'payment_method_refused' }]);
  });

  it('knows a handler as crypto-currency from the store’s profile, whatever its instruments are called', () => {
    const opaque = { id: 'pi_x', handler_id: 'h_77', type: 'wallet', selected: true };
    expect(withInstruments([opaque]).payment).toMatchObject({ handlerId: 'h_77' });
    expect(withInstruments([opaque], new Set(['h_77'])).payment).toBeNull();
  });

  it('says nothing when the store preselected an allowed method', () => {
    const checkout = withInstruments([{ ...WALLET, selected: true }, COINS]);
    expect(checkout.payment).toMatchObject({ instrumentId: 'pi_w' });
    expect(checkout.messages).toEqual([]);
  });
});

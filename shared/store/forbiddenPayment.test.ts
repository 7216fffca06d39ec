import { describe, expect, it } from 'vitest';
import { namesCryptoCurrency } from './forbiddenPayment';

describe('crypto-currency payment handlers', () => {
  it.each([
    [['xyz.coinpay.stablecoin', 'coinpay']],
    [['com.coinbase.commerce', 'cb_1']],
    [['merchant.pay', 'h1', 'crypto']],
    [['sardis.stablecoin']],
    [['com.example.btc-pay']],
    [['pay.example', 'coinpay_usdc']],
    [['com.example.CryptoPay']],
    [['io.bitpay.checkout']],
  ])('recognises %j', (names) => expect(namesCryptoCurrency(names)).toBe(true));

  it.each([
    [['dev.shopify.card', 'shopify.card', 'card']],
    [['dev.shopify.shop_pay', 'shop_pay', 'wallet']],
    [['com.google.pay', 'google_pay']],
    [['sim.wallet', 'sim.wallet', 'wallet', 'card']],
    // Words that only contain a coin's letters: "method", "together", "bethany".
    [['com.example.method', 'together', 'bethany']],
  ])('leaves %j alone', (names) => expect(namesCryptoCurrency(names)).toBe(false));
});

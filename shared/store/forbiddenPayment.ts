/**
 * Payment the publisher's rules forbid Sightline to use: products "must not use cryptocurrency or blockchain"
 * (spec 1 §1). A store names each payment handler by a reverse-domain name and an id, and each instrument by a
 * type; when any of those names crypto-currency, Sightline never pays with it.
 */

/** Parts of a word that name crypto-currency wherever they appear (`cryptopay`, `sardis.stablecoin`). */
const CRYPTO_STEMS = ['crypto', 'bitcoin', 'blockchain', 'stablecoin'];
/** Whole words (between dots, dashes, underscores…) that name a coin, a chain or a crypto processor. */
const CRYPTO_WORDS = new Set([
  'btc',
  'eth',
  'ether',
  'ethereum',
  'usdc',
  'usdt',
  'pyusd',
  'eurc',
  'solana',
  'web3',
  'coinbase',
  'bitpay',
  'onchain',
]);

/** Why Sightline refuses such a handler, for people. */
export const CRYPTO_PAYMENT_REFUSAL =
  'crypto-currency, which the publisher’s rules forbid Sightline to use (no cryptocurrency or blockchain)';

/** Whether any of a handler's or instrument's names (name, id, instrument types) names crypto-currency. */
export function namesCryptoCurrency(names: readonly string[]): boolean {
  return names.some((name) =>
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((word) => CRYPTO_WORDS.has(word) || CRYPTO_STEMS.some((stem) => word.includes(stem))),
  );
}

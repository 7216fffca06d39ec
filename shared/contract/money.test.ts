import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMoney,
  moneyLocale,
  moneyFromAmountObject,
  moneyFromDecimal,
  moneyFromMinorUnits,
  sumMoney,
} from './money';

describe('store money', () => {
  it('reads decimal strings exactly, per currency exponent', () => {
    expect(moneyFromDecimal('12.50', 'usd')).toEqual({ ok: true, money: { minor: 1250, currency: 'USD' } });
    expect(moneyFromDecimal('12.5', 'USD')).toEqual({ ok: true, money: { minor: 1250, currency: 'USD' } });
    expect(moneyFromDecimal('0.29', 'USD')).toEqual({ ok: true, money: { minor: 29, currency: 'USD' } });
    expect(moneyFromDecimal('1500', 'JPY')).toEqual({ ok: true, money: { minor: 1500, currency: 'JPY' } });
    expect(moneyFromDecimal('-3.00', 'EUR')).toEqual({ ok: true, money: { minor: -300, currency: 'EUR' } });
    expect(moneyFromDecimal('1.234', 'KWD')).toEqual({ ok: true, money: { minor: 1234, currency: 'KWD' } });
  });

  it('refuses what is not a decimal price, with the reason', () => {
    for (const bad of ['', '12,50', '1e3', 'abc', null, {}]) {
      const parsed = moneyFromDecimal(bad, 'USD');
      expect(parsed.ok).toBe(false);
    }
    expect(moneyFromDecimal('1.005', 'USD')).toEqual({
      ok: false,
      reason: '1.005 has more decimals than USD allows',
    });
    expect(moneyFromDecimal('1', 'dollars').ok).toBe(false);
  });

  // Found by the fuzz: the reasons quoted the value with JSON.stringify, which throws on a deeply nested
  // value (JSON.parse reads one happily) and copied a huge one whole.
  it('quotes a refused value briefly, whatever its depth or size', () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    expect(moneyFromMinorUnits(deep, 'USD')).toEqual({
      ok: false,
      reason: 'minor units must be a whole number, got a list',
    });
    const long = moneyFromDecimal('9'.repeat(30_000), 'USD');
    expect(long.ok || long.reason.length).toBeLessThan(100);
  });

  it('reads minor units only as whole numbers', () => {
    expect(moneyFromMinorUnits(2599, 'USD')).toEqual({ ok: true, money: { minor: 2599, currency: 'USD' } });
    expect(moneyFromMinorUnits(25.99, 'USD').ok).toBe(false);
    expect(moneyFromMinorUnits('2599', 'USD').ok).toBe(false);
  });

  it('tells an amount object in minor units from one with a decimal string', () => {
    expect(moneyFromAmountObject({ amount: 2599, currency: 'USD' })).toEqual({
      ok: true,
      money: { minor: 2599, currency: 'USD' },
    });
    expect(moneyFromAmountObject({ amount: '25.99', currency_code: 'USD' })).toEqual({
      ok: true,
      money: { minor: 2599, currency: 'USD' },
    });
    expect(moneyFromAmountObject({ amount: '25.99', currencyCode: 'CAD' })).toEqual({
      ok: true,
      money: { minor: 2599, currency: 'CAD' },
    });
    expect(moneyFromAmountObject({ amount: 100 }, 'GBP')).toEqual({
      ok: true,
      money: { minor: 100, currency: 'GBP' },
    });
    expect(moneyFromAmountObject({ amount: 100 }).ok).toBe(false);
  });

  it('formats for the buyer and round-trips through the decimal form', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(formatMoney({ minor: 1250, currency: 'USD' }, 'en-US')).toBe('$12.50');
    expect(formatMoney({ minor: 1500, currency: 'JPY' }, 'en-US')).toBe('¥1,500');
    expect(formatMoney({ minor: 1250, currency: 'EUR' }, 'de-DE')).toBe('12,50\u00a0€');
  });

  it('never adds two currencies', () => {
    expect(
      sumMoney(
        [
          { minor: 100, currency: 'USD' },
          { minor: 250, currency: 'USD' },
        ],
        'USD',
      ).minor,
    ).toBe(350);
    expect(() => sumMoney([{ minor: 100, currency: 'EUR' }], 'USD')).toThrow('cannot add EUR to USD');
  });
});

describe('moneyLocale', () => {
  it('takes a plain language tag and writes money in it', () => {
    expect(moneyLocale('de-DE')).toBe('de-DE');
    expect(moneyLocale('zh-Hant-TW')).toBe('zh-Hant-TW');
    expect(formatMoney({ minor: 10759, currency: 'USD' }, moneyLocale('de-DE'))).toBe('107,59\u00a0$');
  });

  it('falls back to en-US for nothing, extensions that change the digits, and malformed tags', () => {
    expect(moneyLocale(undefined)).toBe('en-US');
    expect(moneyLocale('')).toBe('en-US');
    expect(moneyLocale('en-US-u-nu-hanidec')).toBe('en-US');
    expect(moneyLocale('ar-EG-u-nu-arab')).toBe('en-US');
    expect(moneyLocale('not a locale')).toBe('en-US');
  });
});

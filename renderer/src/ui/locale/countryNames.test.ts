import { describe, expect, it } from 'vitest';
import { countryChoices, ISO_COUNTRY_CODES } from './countryNames';

describe('countryChoices', () => {
  it('names every ISO 3166 country in the reader’s language, sorted as that language sorts', () => {
    const german = countryChoices('de-DE');
    expect(german).toHaveLength(ISO_COUNTRY_CODES.length);
    expect(german.find((choice) => choice.code === 'DE')?.name).toBe('Deutschland');
    expect(german.find((choice) => choice.code === 'US')?.name).toBe('Vereinigte Staaten');
    const names = german.map((choice) => choice.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Pakistan'));
    expect(countryChoices('en-US').find((choice) => choice.code === 'DE')?.name).toBe('Germany');
  });

  it('narrows to the countries a store ships to, keeping the saved one offered', () => {
    const choices = countryChoices('en-US', { allowed: ['US', 'CA'], current: 'FR' });
    expect(choices.map((choice) => choice.code)).toEqual(['CA', 'FR', 'US']);
    expect(countryChoices('en-US', { allowed: ['US'], current: 'nonsense' }).map((c) => c.code)).toEqual([
      'US',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CARD_LOCALES,
  CARD_SET_NAMES,
  bundleDataPath,
  bundleSources,
  cardLocaleFor,
  compareCardVersions,
  knownCardVersions,
} from './cardBundles';

describe('card bundles', () => {
  it('lists the sets and locales of the spec', () => {
    expect(CARD_SET_NAMES).toEqual([
      'set1',
      'set2',
      'set3',
      'set4',
      'set5',
      'set6',
      'set6cde',
      'set7',
      'set7b',
      'set8',
      'set9',
    ]);
    expect(CARD_LOCALES).toHaveLength(14);
  });

  it('tries latest first, then the version folder; set9 only in its folder', () => {
    expect(bundleSources('set1', 'en_us', 'lite')).toEqual([
      { folder: 'latest', path: 'latest/set1-lite-en_us.zip' },
      { folder: '1_0_0', path: '1_0_0/set1-lite-en_us.zip' },
    ]);
    expect(bundleSources('set8', 'de_de', 'full')).toEqual([
      { folder: 'latest', path: 'latest/set8-de_de.zip' },
      { folder: '4_9_0', path: '4_9_0/set8-de_de.zip' },
    ]);
    expect(bundleSources('set9', 'en_us', 'lite')).toEqual([
      { folder: '5_4_0', path: '5_4_0/set9-lite-en_us.zip' },
    ]);
    expect(bundleSources('set42', 'en_us', 'lite')).toEqual([]);
  });

  it('tries the core bundle under latest, then its version folder; core has no lite variant', () => {
    const core = [
      { folder: 'latest', path: 'latest/core-ja_jp.zip' },
      { folder: '1_0_0', path: '1_0_0/core-ja_jp.zip' },
    ];
    expect(bundleSources('core', 'ja_jp', 'lite')).toEqual(core);
    expect(bundleSources('core', 'ja_jp', 'full')).toEqual(core);
  });

  it('names the data file inside a bundle', () => {
    expect(bundleDataPath('core', 'en_us')).toBe('en_us/data/globals-en_us.json');
    expect(bundleDataPath('set6cde', 'ko_kr')).toBe('ko_kr/data/set6cde-ko_kr.json');
  });

  it('maps arena locales to card locales, with en_us when the language is missing', () => {
    expect(cardLocaleFor('es_MX')).toBe('es_mx');
    expect(cardLocaleFor('es_AR')).toBe('es_mx');
    expect(cardLocaleFor('es_ES')).toBe('es_es');
    expect(cardLocaleFor('en_GB')).toBe('en_us');
    expect(cardLocaleFor('vi_VN')).toBe('en_us');
  });

  it('fetches the adventure bundle as one file under latest, and a pinned version from its folder alone', () => {
    expect(bundleSources('adventure', 'en_us', 'lite')).toEqual([
      { folder: 'latest', path: 'latest/adventure-en_us.zip' },
    ]);
    expect(bundleDataPath('adventure', 'de_de')).toBe('de_de/data/adventure-de_de.json');
    expect(bundleSources('set1', 'en_us', 'lite', '4_3_0')).toEqual([
      { folder: '4_3_0', path: '4_3_0/set1-lite-en_us.zip' },
    ]);
    expect(bundleSources('core', 'en_us', 'lite', '4_3_0')).toEqual([
      { folder: '4_3_0', path: '4_3_0/core-en_us.zip' },
    ]);
    expect(bundleSources('adventure', 'en_us', 'full', '4_3_0')).toEqual([
      { folder: '4_3_0', path: '4_3_0/adventure-en_us.zip' },
    ]);
  });

  it('offers the version folders the spec names, newest first', () => {
    expect(compareCardVersions('4_10_0', '4_9_0')).toBeGreaterThan(0);
    expect(knownCardVersions()).toEqual([
      '5_4_0',
      '4_9_0',
      '4_6_0',
      '4_3_0',
      '4_2_0',
      '2_14_0',
      '2_3_0',
      '1_8_0',
      '1_0_0',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cardBundleLabel, type StaticDataCacheSummary } from '@shared/contract/staticData';
import { arenaLocaleFor, planSync, refreshScope, syncRequestFor } from './syncScope';

const defaults = { arenaLocale: 'en_US', cardLocale: 'en_us' as const, region: 'na' };

describe('planSync', () => {
  it('takes one locale for both games, every set by default, lite bundles', () => {
    const plan = planSync({ locale: 'de_de' }, defaults);
    expect(plan.ok && plan.value.arena).toEqual({ locale: 'de_DE', region: 'na' });
    expect(plan.ok && plan.value.cards?.locales).toEqual(['de_de']);
    expect(plan.ok && plan.value.cards?.variant).toBe('lite');
    expect(plan.ok && plan.value.cards?.sets).toContain('set8');
    expect(arenaLocaleFor('zh_tw')).toBe('zh_TW');
  });

  it('gives a language the card game lacks its closest translation', () => {
    const plan = planSync({ locale: 'cs_CZ', sets: ['set1', 'core', 'set1'] }, defaults);
    expect(plan.ok && plan.value.arena?.locale).toBe('cs_CZ');
    expect(plan.ok && plan.value.cards).toEqual({ locales: ['en_us'], sets: ['set1'], variant: 'lite' });
  });

  it('refuses unknown sets and malformed locales or regions with a sentence', () => {
    expect(planSync({ sets: ['set10'] }, defaults)).toMatchObject({
      ok: false,
      error: { code: 'bad-input', message: expect.stringMatching(/^"set10" is not a set/) },
    });
    expect(planSync({ locale: 'english' }, defaults).ok).toBe(false);
    expect(planSync({ cardVersion: '4.3' }, defaults)).toMatchObject({
      ok: false,
      error: { message: '"4.3" is not a card-data version (like 4_3_0, or latest).' },
    });
    expect(planSync({ region: 'N A' }, defaults).ok).toBe(false);
  });
});

describe('planSync: the adventure bundle and a pinned version', () => {
  it('syncs the adventure bundle only when named', () => {
    const all = planSync({}, defaults);
    expect(all.ok && all.value.cards?.sets).not.toContain('adventure');
    const asked = planSync({ sets: ['set1', 'adventure'] }, defaults);
    expect(asked.ok && asked.value.cards?.sets).toEqual(['set1', 'adventure']);
    expect(cardBundleLabel('adventure')).toBe('Adventure');
  });

  it('follows the pinned version unless told one, "latest" unpinning', () => {
    const pinned = planSync({ sets: ['set1'] }, { ...defaults, cardVersion: '4_3_0' });
    expect(pinned.ok && pinned.value.cards).toEqual({
      locales: ['en_us'],
      sets: ['set1'],
      variant: 'lite',
      version: '4_3_0',
    });
    const latest = planSync({ sets: ['set1'], cardVersion: 'latest' }, { ...defaults, cardVersion: '4_3_0' });
    expect(latest.ok && latest.value.cards?.version).toBeUndefined();
    const told = planSync({ sets: ['set1'], cardVersion: '5_4_0' }, defaults);
    expect(told.ok && told.value.cards?.version).toBe('5_4_0');
    expect(told.ok && syncRequestFor(told.value).cards).toMatchObject({ version: '5_4_0' });
  });
});

describe('refreshScope', () => {
  const bundle = (name: string, variant: 'core' | 'lite' | 'full') => ({
    name,
    label: name,
    variant,
    folder: 'latest',
    files: 1,
    bytes: 1,
    completedAt: '',
  });
  const summary = (partial: Partial<StaticDataCacheSummary>): StaticDataCacheSummary => ({
    cacheDir: '/cache',
    totalBytes: 0,
    arena: [],
    cards: [],
    packs: [],
    partialPackBytes: 0,
    ...partial,
  });

  it('is null for an empty cache: the first download is the user’s choice', () => {
    expect(refreshScope(summary({}))).toBeNull();
  });

  it('asks again for exactly what is cached, never upgrading lite to full', () => {
    const scope = refreshScope(
      summary({
        arena: [{ version: '14.1.2', locale: 'de_DE', region: 'euw', completedAt: '', files: 1, bytes: 1 }],
        cards: [
          {
            locale: 'de_de',
            bundles: [bundle('core', 'core'), bundle('set1', 'full')],
            bytes: 1,
            cards: 1,
            indexedAt: '',
          },
          {
            locale: 'en_us',
            bundles: [bundle('core', 'core'), bundle('set9', 'lite')],
            bytes: 1,
            cards: 1,
            indexedAt: '',
          },
        ],
      }),
    );
    expect(scope).toEqual({
      arena: { locale: 'de_DE', region: 'euw' },
      cards: { locales: ['de_de', 'en_us'], sets: ['set1', 'set9'], variant: 'lite' },
    });
  });
});

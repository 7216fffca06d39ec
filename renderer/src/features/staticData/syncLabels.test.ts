import { describe, expect, it } from 'vitest';
import { cardBundleLabel, type StaticDataEstimate, type StaticDataStatus } from '@shared/contract';
import {
  parseCardVersion,
  progressHeadline,
  publishedSets,
  relativeTime,
  retryText,
  scopeText,
  startingSets,
  unpublishedSets,
} from './syncLabels';

describe('sync labels', () => {
  it('says what stage and phase a sync is in', () => {
    const progress = {
      phase: 'extracting' as const,
      stage: 'cards' as const,
      filesDone: 1,
      filesTotal: 3,
      bytesDone: 0,
      bytesTotal: 0,
      current: null,
    };
    expect(progressHeadline(progress)).toBe('Card bundles: Unpacking');
    expect(progressHeadline({ ...progress, stage: null, phase: 'checking' })).toBe(
      'Static data: Checking versions',
    );
  });

  it('describes a scope and a finish time in few words', () => {
    expect(
      scopeText({
        arena: { locale: 'en_US', region: 'na' },
        cards: { locales: ['en_us'], sets: ['set1', 'set9'], variant: 'lite' },
      }),
    ).toBe('arena en_US (na) — cards en_us · lite · Set 1, Set 9');
    expect(relativeTime(1_000, 20_000, 'en-GB')).toBe('just now');
    expect(relativeTime(0, 5 * 60_000, 'en-GB')).toBe('5 min ago');
    expect(relativeTime(0, 3 * 3_600_000, 'en-GB')).toBe('3 h ago');
  });

  it('says when the background sync tries again', () => {
    const now = Date.UTC(2024, 0, 10, 12, 0, 0);
    expect(retryText(now + 30_000, now, 'en-GB')).toBe('in 30 s');
    expect(retryText(now - 5_000, now, 'en-GB')).toBe('in 0 s');
    expect(retryText(now + 8 * 60_000, now, 'en-GB')).toBe('in 8 min');
    expect(retryText(now + 2 * 3600_000, now, 'en-GB')).toMatch(/^at \d/);
  });

  it('starts a sync with the sets the host publishes, never the adventure bundle', () => {
    const options = {
      sets: [
        { name: 'set1', label: 'Set 1', byDefault: true },
        { name: 'set8', label: 'Set 8b', byDefault: true },
        { name: 'set9', label: 'Set 9', byDefault: true },
        { name: 'adventure', label: 'Adventure', byDefault: false },
      ],
    } as StaticDataStatus['options'];
    const cache = { cards: [] } as unknown as StaticDataStatus['cache'];
    const bundle = (name: string, status: 'cached' | 'download' | 'missing') => ({
      name,
      label: cardBundleLabel(name),
      status,
      bytes: 0,
    });
    const estimate = {
      cards: [
        {
          locale: 'en_us',
          bundles: [
            bundle('core', 'download'),
            bundle('set1', 'download'),
            bundle('set8', 'missing'),
            bundle('set9', 'cached'),
            bundle('adventure', 'download'),
          ],
        },
      ],
    } as StaticDataEstimate;
    expect(startingSets({ options, cache }, 'en_us', estimate)).toEqual(['set1', 'set9']);
    expect(unpublishedSets(estimate)).toEqual(['set8']);
    // Not asked yet (or the host could not be asked): the language's cached sets, else every set.
    expect(startingSets({ options, cache }, 'en_us', undefined)).toEqual(['set1', 'set8', 'set9']);
    const cached = {
      cards: [
        { locale: 'en_us', bundles: [{ name: 'core' }, { name: 'set9' }] },
        { locale: 'de_de', bundles: [{ name: 'set1' }] },
      ],
    } as unknown as StaticDataStatus['cache'];
    expect(startingSets({ options, cache: cached }, 'en_us', undefined)).toEqual(['set9']);
    expect(publishedSets(estimate)).toEqual(['set1', 'set9', 'adventure']);
    expect(publishedSets(undefined)).toBeUndefined();
  });

  it('names sets as players do, and names a pinned version', () => {
    expect(
      scopeText({
        arena: null,
        cards: { locales: ['en_us'], sets: ['set8', 'adventure'], variant: 'lite', version: '4_3_0' },
      }),
    ).toBe('cards en_us · lite · Set 8b, Adventure · version 4_3_0');
  });

  it('reads a typed card-data version: latest, a version folder, or a sentence', () => {
    expect(parseCardVersion(' latest ')).toEqual({ ok: true, version: null });
    expect(parseCardVersion('')).toEqual({ ok: true, version: null });
    expect(parseCardVersion('4_3_0')).toEqual({ ok: true, version: '4_3_0' });
    expect(parseCardVersion('4.3')).toEqual({
      ok: false,
      message: '"4.3" is not a version; write it like 4_3_0, or latest.',
    });
  });
});

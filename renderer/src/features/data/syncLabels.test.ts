import { describe, expect, it } from 'vitest';
import {
  defaultSets,
  parseCardVersion,
  progressHeadline,
  relativeTime,
  retryText,
  scopeText,
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
    ).toBe('arena en_US (na) — cards en_us · lite · set1, set9');
    expect(relativeTime(1_000, 20_000)).toBe('just now');
    expect(relativeTime(0, 5 * 60_000)).toBe('5 min ago');
    expect(relativeTime(0, 3 * 3_600_000)).toBe('3 h ago');
  });

  it('says when the background sync tries again', () => {
    const now = Date.UTC(2024, 0, 10, 12, 0, 0);
    expect(retryText(now + 30_000, now)).toBe('in 30 s');
    expect(retryText(now - 5_000, now)).toBe('in 0 s');
    expect(retryText(now + 8 * 60_000, now)).toBe('in 8 min');
    expect(retryText(now + 2 * 3600_000, now)).toMatch(/^at \d/);
  });

  it('starts a sync with every set but not the adventure bundle, and names a pinned version', () => {
    expect(
      defaultSets([
        { name: 'set1', label: 'Set 1', byDefault: true },
        { name: 'set9', label: 'Set 9', byDefault: true },
        { name: 'adventure', label: 'Adventure', byDefault: false },
      ]),
    ).toEqual(['set1', 'set9']);
    expect(
      scopeText({
        arena: null,
        cards: { locales: ['en_us'], sets: ['set1', 'adventure'], variant: 'lite', version: '4_3_0' },
      }),
    ).toBe('cards en_us · lite · set1, adventure · version 4_3_0');
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

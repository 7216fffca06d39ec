import { describe, expect, it } from 'vitest';
import type { GameCfgView, StaticDataEstimate } from '@shared/contract';
import { publishedSets } from '../staticData/syncLabels';
import { estimateSummary, gameCfgFinding, gameDataFinding } from './firstRunLabels';

const arena = { version: '14.1.2', locale: 'en_US', files: 120, bytes: 3 * 1024 * 1024 };

const estimate: StaticDataEstimate = {
  scope: {
    arena: { locale: 'en_US', region: 'na' },
    cards: { locales: ['en_us'], sets: ['set1', 'set2'], variant: 'lite' },
  },
  arena: { ...arena, status: 'download' },
  cards: [
    {
      locale: 'en_us',
      bundles: [
        { name: 'core', label: 'Core', status: 'cached', bytes: 0 },
        { name: 'set1', label: 'Set 1', status: 'download', bytes: 40 * 1024 * 1024 },
        { name: 'set2', label: 'Set 2', status: 'missing', bytes: 0 },
      ],
    },
  ],
  totalBytes: 43 * 1024 * 1024,
  approximate: true,
  problems: [],
};

describe('first-run labels', () => {
  it('sums up an estimate per game, the size first', () => {
    expect(estimateSummary(estimate)).toEqual({
      total: 'about 43 MB',
      lines: [
        'Arena game 14.1.2 (en_US): 3 MB of data files, icons and champion details',
        'Cards (en_us): Core current, Set 1 40 MB',
      ],
      unpublished: ['Set 2'],
      settled: expect.any(String),
    });
    const current = { ...estimate, totalBytes: 0, approximate: false };
    expect(estimateSummary({ ...current, arena: { ...arena, status: 'cached' } })).toMatchObject({
      total: null,
      lines: ['Arena game 14.1.2 (en_US): already downloaded', 'Cards (en_us): Core current, Set 1 40 MB'],
    });
  });

  it('says everything is downloaded only when no set was left out, as the deck pages count missing cards', () => {
    const bundles = estimate.cards[0]?.bundles ?? [];
    const cached = bundles.map((bundle) =>
      bundle.status === 'download' ? { ...bundle, status: 'cached' as const } : bundle,
    );
    const current: StaticDataEstimate = {
      ...estimate,
      arena: { ...arena, status: 'cached' },
      cards: [{ locale: 'en_us', bundles: cached }],
      totalBytes: 0,
      approximate: false,
    };
    // Set 2 is not on the host: its cards stay codes on the deck page, so this is not "everything".
    expect(estimateSummary(current).settled).toBe(
      'What the hosts publish is downloaded and current; Set 2 is not published there, so its cards show without names',
    );
    const complete = {
      ...current,
      cards: [{ locale: 'en_us', bundles: cached.filter((b) => b.status !== 'missing') }],
    };
    expect(estimateSummary(complete).settled).toBe('Everything is downloaded and current');
  });

  it('downloads only the sets the host has, or lets the core choose', () => {
    expect(publishedSets(estimate)).toEqual(['set1']);
    expect(publishedSets(undefined)).toBeUndefined();
  });

  it('says what it found of game.cfg and the game data', () => {
    const candidate = {
      path: '/games/lol/Config/game.cfg',
      installDir: '/games/lol',
      exists: true,
      origins: ['running game'],
      setting: 'disabled' as const,
      rawValue: '0',
      readOnly: false,
      problem: null,
    };
    const view = (candidates: GameCfgView['candidates']): GameCfgView => ({
      candidates,
      failedLookups: [],
      canPick: false,
    });
    expect(gameCfgFinding(undefined)).toEqual({ text: 'looking…', tone: 'off' });
    expect(gameCfgFinding(view([]))).toEqual({ text: 'no game.cfg found', tone: 'wait' });
    expect(gameCfgFinding(view([candidate]))).toEqual({
      text: '1 game.cfg found, replay API off',
      tone: 'wait',
    });
    expect(gameCfgFinding(view([candidate, { ...candidate, setting: 'enabled' }]))).toEqual({
      text: '2 game.cfg files found, replay API on in 1',
      tone: 'wait',
    });
    expect(gameCfgFinding(view([{ ...candidate, setting: 'enabled' }])).tone).toBe('ok');

    expect(gameDataFinding(null).text).toBe('looking…');
    const empty = { cacheDir: '/cache', totalBytes: 0, arena: [], cards: [], packs: [], partialPackBytes: 0 };
    expect(gameDataFinding(empty)).toEqual({ text: 'not downloaded yet', tone: 'wait' });
    const cached = { version: '14.1.2', locale: 'en_US', region: 'na', completedAt: '', files: 1, bytes: 1 };
    const cards = { locale: 'en_us', bundles: [], bytes: 0, cards: 0, indexedAt: null };
    const bundle = {
      name: 'core',
      label: 'Core',
      variant: 'core' as const,
      folder: 'latest',
      files: 1,
      bytes: 1,
      completedAt: '',
    };
    expect(
      gameDataFinding({ ...empty, arena: [cached], cards: [{ ...cards, bundles: [bundle], cards: 42 }] }),
    ).toEqual({ text: 'arena 14.1.2 en_US, 42 cards en_us', tone: 'ok' });
  });
});

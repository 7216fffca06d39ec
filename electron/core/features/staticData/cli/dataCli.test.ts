import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISHED_CARD_SETS, startStaticHosts } from '../../../../simulator/staticData';
import { ADVENTURE_CARDS, SET_CARDS } from '../../../../simulator/staticData/cardModel';
import type { RunningStaticHosts } from '../../../../simulator/staticData';
import { runDataCommand } from './dataCli';
import { exitOnUsageError } from '../../../../cli/usageErrors';

/** How many cards the simulated host publishes in these sets. */
const cardsOf = (...sets: (keyof typeof SET_CARDS)[]): number =>
  sets.reduce((total, set) => total + SET_CARDS[set].length, 0);

describe('sightline data', () => {
  let dataDir: string;
  let hosts: RunningStaticHosts | null;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'data-command-'));
    hosts = await startStaticHosts();
  });
  afterEach(async () => {
    await hosts?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const urls = hosts?.urls ?? {
      ddragon: 'http://127.0.0.1:9',
      cardData: 'http://127.0.0.1:9',
      constants: 'http://127.0.0.1:9',
    };
    const code = await runDataCommand(argv, {
      env: {
        SIGHTLINE_DATA_DIR: dataDir,
        SIGHTLINE_DDRAGON_URL: urls.ddragon,
        SIGHTLINE_CARD_DATA_URL: urls.cardData,
        SIGHTLINE_GAME_CONSTANTS_URL: urls.constants,
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    }).catch((error: unknown) => exitOnUsageError('data', error, (line) => err.push(line)));
    return { code, out, err };
  }

  it('syncs with progress on stderr and a summary on stdout, then reports the cache offline', async () => {
    const sync = await run('sync', '--locale', 'en_us', '--sets', 'set1', 'set9');
    expect(sync.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(sync.code).toBe(0);
    expect(sync.err.some((line) => /^\[cards\] downloading {2}\d+\/\d+ files/.test(line))).toBe(true);
    expect(sync.out[0]).toMatch(/^arena: 14\.1\.2 en_US \(region na\), \d+ files, .+, downloaded$/);
    expect(sync.out[1]).toBe(
      `cards en_us: ${cardsOf('set1', 'set9')} cards; core downloaded, set1 downloaded, set9 downloaded`,
    );
    expect(sync.out[2]).toMatch(new RegExp(`^cache: ${join(dataDir, 'cache')} \\(.+\\)$`));

    await hosts?.close();
    hosts = null;
    const status = await run('status');
    expect(status.code).toBe(0);
    expect(status.out[1]).toMatch(/^arena 14\.1\.2 en_US \(region na\): \d+ files/);
    expect(status.out[2]).toMatch(new RegExp(`^cards en_us: ${cardsOf('set1', 'set9')} cards, `));
    expect(status.out.slice(3).map((line) => line.trim().split(/\s+/)[0])).toEqual(['core', 'set1', 'set9']);

    const again = await run('sync');
    expect(again.code).toBe(1);
    expect(again.err.some((line) => /^problem: Data Dragon is not reachable/.test(line))).toBe(true);
    // The bundles stopped by the first failure are counted once, not listed as problems of their own.
    expect(
      again.err.some((line) => /^problem: \d+ more bundles were not fetched after that\.$/.test(line)),
    ).toBe(true);
    expect(again.err.filter((line) => /cancelled/.test(line))).toEqual([]);
    expect(again.err.at(-1)).toBe('sightline data: sync incomplete');
  });

  it('downloads the patch pack with --pack after the usual lines, and lists it in the status', async () => {
    const sync = await run('sync', '--sets', 'set1', '--pack');
    expect(sync.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(sync.code).toBe(0);
    expect(sync.out).toHaveLength(4);
    expect(sync.out[0]).toMatch(/^arena: 14\.1\.2 en_US \(region na\), \d+ files, .+, downloaded$/);
    expect(sync.out[1]).toBe(`cards en_us: ${cardsOf('set1')} cards; core downloaded, set1 downloaded`);
    expect(sync.out[2]).toMatch(/^cache: /);
    expect(sync.out[3]).toMatch(
      /^pack: 14\.1\.2 tgz, \d+ files, [\d.]+ MB \(archive [\d.]+ MB\), downloaded$/,
    );
    expect(sync.err.some((line) => /^\[pack\] downloading 14\.1\.2 {2}.+ of [\d.]+ MB/.test(line))).toBe(
      true,
    );

    const status = await run('status');
    expect(status.out.at(-1)).toMatch(/^pack 14\.1\.2: \d+ files, [\d.]+ MB \(tgz [\d.]+ MB\), downloaded /);
  });

  it('syncs every set the spec names, and the pack, from the simulated hosts with no --sets', async () => {
    const sync = await run('sync', '--pack');
    expect(sync.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(sync.code).toBe(0);
    const allCards = PUBLISHED_CARD_SETS.reduce(
      (total, set) => total + (SET_CARDS[set as keyof typeof SET_CARDS]?.length ?? 0),
      0,
    );
    expect(sync.out[1]).toBe(
      `cards en_us: ${allCards} cards; core downloaded, ${PUBLISHED_CARD_SETS.map((set) => `${set} downloaded`).join(', ')}`,
    );
    expect(sync.out[3]).toMatch(/^pack: 14\.1\.2 tgz, /);
  });

  it('syncs a set from the version folder the spec lists it in (set7 in 4_3_0)', async () => {
    const sync = await run('sync', '--card-version', '4_3_0', '--sets', 'set7');
    expect(sync.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(sync.code).toBe(0);
    expect(sync.out[1]).toBe(`cards en_us: ${cardsOf('set7')} cards; core downloaded, set7 downloaded`);
    expect(sync.out[3]).toBe('card version: 4_3_0 (pinned)');
  });

  it('says why the pack was not downloaded and exits 1', async () => {
    hosts?.control.setFaults([{ kind: 'status', match: 'dragontail', status: 503 }]);
    const sync = await run('sync', '--sets', 'set1', '--pack');
    expect(sync.code).toBe(1);
    expect(sync.out[3]).toBe('pack: 14.1.2 not downloaded (dragontail-14.1.2.tgz: HTTP 503)');
    expect(sync.err).toContain('problem: pack 14.1.2: dragontail-14.1.2.tgz: HTTP 503');
    expect(sync.err.at(-1)).toBe('sightline data: sync incomplete');
  });

  it('exits non-zero with the reasons when a set is missing on the host', async () => {
    hosts?.control.setFaults([{ kind: 'status', match: 'set2-', status: 403 }]);
    const sync = await run('sync', '--sets', 'set1,set2');
    expect(sync.code).toBe(1);
    expect(sync.err).toContain(
      'problem: Set 2: not on the server (latest/set2-lite-en_us.zip, 1_0_0/set2-lite-en_us.zip)',
    );
    expect(sync.out[1]).toBe(
      `cards en_us: ${cardsOf('set1')} cards; core downloaded, set1 downloaded, set2 failed`,
    );
  });

  it('syncs the adventure bundle with --sets adventure, keeping the summary lines as they were', async () => {
    const sync = await run('sync', '--sets', 'set1,adventure');
    expect(sync.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(sync.code).toBe(0);
    expect(sync.out[1]).toBe(
      `cards en_us: ${cardsOf('set1') + ADVENTURE_CARDS.length} cards; core downloaded, set1 downloaded, adventure downloaded`,
    );
    expect(sync.out).toHaveLength(3);
    const status = await run('status');
    expect(status.out.slice(3).map((line) => line.trim().split(/\s+/).slice(0, 2))).toEqual([
      ['core', 'Core'],
      ['set1', 'Set'],
      ['adventure', 'Adventure'],
    ]);
  });

  it('syncs and pins a card-data version with --card-version, and unpins with latest', async () => {
    const pinned = await run('sync', '--sets', 'set1', '--card-version', '4_3_0');
    expect(pinned.err.filter((line) => line.startsWith('problem'))).toEqual([]);
    expect(pinned.code).toBe(0);
    expect(pinned.out[1]).toBe(`cards en_us: ${cardsOf('set1')} cards; core downloaded, set1 downloaded`);
    expect(pinned.out[3]).toBe('card version: 4_3_0 (pinned)');
    const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as unknown;
    expect(settings).toMatchObject({ staticData: { cardVersion: '4_3_0' } });
    const index = JSON.parse(
      await readFile(join(dataDir, 'cache', 'cards', 'versions', '4_3_0', 'en_us', 'index.json'), 'utf8'),
    ) as { bundles: { name: string; folder: string }[]; cards: { cardCode: string; cost: number }[] };
    expect(index.bundles.map((bundle) => bundle.folder)).toEqual(['4_3_0', '4_3_0']);
    expect(index.cards.find((card) => card.cardCode === '01DE012')?.cost).toBe(6);

    // Without the flag a sync follows the pin: a set the version lacks is missing, not taken from latest.
    const again = await run('sync', '--sets', 'set9');
    expect(again.code).toBe(1);
    expect(again.err).toContain('problem: Set 9: not on the server (4_3_0/set9-lite-en_us.zip)');
    expect(again.out[3]).toBe('card version: 4_3_0 (pinned)');

    const latest = await run('sync', '--sets', 'set1', '--card-version', 'latest');
    expect(latest.code).toBe(0);
    expect(latest.out[1]).toBe(`cards en_us: ${cardsOf('set1')} cards; core downloaded, set1 downloaded`);
    expect(latest.out[3]).toBe('card version: latest');
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      staticData: { cardVersion: null },
    });
  });

  it('says clearly when the card host lacks the version, and pins nothing', async () => {
    const sync = await run('sync', '--sets', 'set1', '--card-version', '9_9_9');
    expect(sync.code).toBe(1);
    expect(sync.err).toContain(
      'problem: The card host has no version 9_9_9 (9_9_9/core-en_us.zip is not there).',
    );
    expect(sync.out[3]).toBe('card version: 9_9_9 not pinned');
    // Nothing was saved: no settings file was even written.
    await expect(readFile(join(dataDir, 'settings.json'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect((await run('sync', '--card-version', '4.3')).err).toEqual([
      'sightline data: "4.3" is not a card-data version (like 4_3_0, or latest).',
    ]);
  });

  it('refuses bad arguments with the usage', async () => {
    expect((await run('sync', '--sets', 'set42')).err).toEqual([
      expect.stringMatching(/^sightline data: "set42" is not a set/),
    ]);
    expect((await run('sync', '--variant', 'huge')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    const empty = await run('status');
    expect(empty.out[1]).toBe('Nothing is cached yet; run `sightline data sync`.');
  });
});

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { GameCfgCandidateView, GameCfgView, ServerFrame } from '@shared/contract';
import { PUBLISHED_CARD_SETS } from '../../simulator/staticData';
import { createWebApiDataset } from '../../simulator/webApi/webApiDataset';
import { runDemo } from './demoCommand';

interface CompanionSocket {
  request(channel: string, input: unknown): Promise<ServerFrame>;
  close(): void;
}

/** The companion page's socket, opened on the URL the demo printed. */
async function openCompanionSocket(lines: readonly string[]): Promise<CompanionSocket> {
  const companion = new URL(lines.find((line) => line.startsWith('companion: '))?.slice(11) ?? '');
  const socket = new WebSocket(
    `ws://${companion.host}/ws?token=${companion.searchParams.get('token') ?? ''}`,
    {
      origin: companion.origin,
    },
  );
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  let nextId = 1;
  return {
    close: () => socket.close(),
    request: (channel, input) => {
      const id = nextId++;
      return new Promise((done) => {
        const onMessage = (data: unknown) => {
          const frame = JSON.parse(String(data)) as ServerFrame;
          if (frame.type === 'response' && frame.id === id) {
            socket.off('message', onMessage);
            done(frame);
          }
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ type: 'request', id, channel, input }));
      });
    },
  };
}

/** What the replay page's game.cfg panel lists. */
async function gameCfgCandidates(socket: CompanionSocket): Promise<GameCfgCandidateView[]> {
  const located = await socket.request('replay.config.locate', {});
  if (located.type !== 'response' || !located.result.ok) throw new Error('replay.config.locate failed');
  return (located.result.value as GameCfgView).candidates;
}

/** The browser demo: every simulator, and a core that reaches each of them through the environment. */
/** `demo` in browser mode on a data folder of its own, its lines kept in `out` and `err`. */
function browserDemo(args: string[], dataDir: string, rendererDir: string, out: string[], err: string[]) {
  return runDemo(args, {
    env: { SIGHTLINE_DATA_DIR: dataDir, CI: '1' },
    rendererDir,
    resourcesDir: resolve('resources'),
    repoRoot: resolve('.'),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
}

describe('npm run demo:browser', () => {
  const lines: string[] = [];
  const errors: string[] = [];
  let dataDir: string;
  let demo: { stop(): Promise<void> };
  let socket: CompanionSocket;
  const request = (channel: string, input: unknown): Promise<ServerFrame> => socket.request(channel, input);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sightline-demo-test-'));
    const rendererDir = await mkdtemp(join(tmpdir(), 'sightline-demo-renderer-'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    demo = await browserDemo(['--browser', '--no-open'], dataDir, rendererDir, lines, errors);
    socket = await openCompanionSocket(lines);
  }, 60_000);
  afterAll(async () => {
    socket.close();
    await demo.stop();
  });

  it('names every simulated service, web-facing ones included', () => {
    for (const prefix of ['simulated live: https://127.0.0.1:', 'simulated web API: http://127.0.0.1:']) {
      expect(lines.some((line) => line.startsWith(prefix))).toBe(true);
    }
    expect(lines.some((line) => /^simulated sign-on: .*client secret: \S+\)$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('simulated store: http://127.0.0.1:'))).toBe(true);
  });

  it('starts a fresh data folder with usable settings, and the core reaches the store simulator', async () => {
    const saved = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
      webApi: { keyKind: string };
    };
    expect(saved.webApi.keyKind).toBe('production');
    const settings = await request('settings.get', {});
    const storeUrl = lines.find((line) => line.startsWith('simulated store: '))?.slice(17);
    expect(settings).toMatchObject({
      result: { ok: true, value: { settings: { store: { url: storeUrl } } } },
    });
    const collections = await request('store.catalog.collections', {});
    expect(collections).toMatchObject({ result: { ok: true } });
  });

  it('has the game data of the simulated hosts before it prints a URL, and keeps it current', async () => {
    // Progress on stderr only: stdout keeps its line formats.
    expect(errors[0]).toBe('demo: downloading the game data from the simulated hosts…');
    expect(lines.every((line) => !line.startsWith('demo: ') && !line.startsWith('['))).toBe(true);
    const status = await request('staticData.status', {});
    expect(status).toMatchObject({
      result: {
        ok: true,
        value: {
          cache: { arena: [{ locale: 'en_US' }], cards: [{ locale: 'en_us' }] },
          options: { autoSync: true, userLocale: 'en_us' },
        },
      },
    });
    // Every set the simulated host publishes, beside the core bundle.
    const cached = status.type === 'response' && status.result.ok ? status.result.value : null;
    const bundles = (cached as { cache: { cards: { bundles: { name: string }[] }[] } } | null)?.cache.cards[0]
      ?.bundles;
    expect(bundles?.map((bundle) => bundle.name).sort()).toEqual(['core', ...PUBLISHED_CARD_SETS].sort());
    const saved = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ staticData: { autoSync: true }, firstRun: { dismissed: false } });
  });

  it("gives the replay page's game.cfg switch a simulated install, which it switches off and on", async () => {
    const install = errors.find((line) => line.includes('simulated install: '));
    expect(install).toMatch(/--cfg <path> names a real one\)$/);
    const simulated = (await gameCfgCandidates(socket)).find((candidate) =>
      candidate.path.endsWith(join('League of Legends', 'Config', 'game.cfg')),
    );
    // The full game's replay runs, so its game.cfg has the API on.
    expect(simulated).toMatchObject({ exists: true, setting: 'enabled', readOnly: false });
    const path = simulated?.path ?? '';
    expect(install).toContain(path);

    const off = await request('replay.config.set', { path, enabled: false });
    expect(off).toMatchObject({ result: { ok: true, value: { changed: true, enabled: false } } });
    expect(await readFile(path, 'utf8')).toContain('[General]\r\nWindowMode=2');
    expect(await readFile(path, 'utf8')).toContain('EnableReplayApi=0\r\n');
    const listed = (await gameCfgCandidates(socket)).find((candidate) => candidate.path === path);
    expect(listed?.setting).toBe('disabled');
    await request('replay.config.set', { path, enabled: true });
    expect(await readFile(path, 'utf8')).toContain('EnableReplayApi=1\r\n');
  });

  it('the core reaches the web API simulator with the key set for the run', async () => {
    const player = createWebApiDataset().players[0];
    const answer = await request('webApi.account.byRiotId', {
      riotId: `${player?.gameName ?? ''}#${player?.tagLine ?? ''}`,
      region: 'americas',
    });
    // The whole answer on failure: a refusal's reason is in a field the expected shape does not name.
    expect(answer, JSON.stringify(answer)).toMatchObject({
      result: { ok: true, value: { puuid: player?.puuid } },
    });
  });
});

/** The demo's world does not end: a scenario that is over starts again, and the terminal says so. */
describe('npm run demo:browser with a short scenario', () => {
  it('starts the next game by itself when the scenario is over, and says so on stderr', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-demo-loop-'));
    const rendererDir = join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    // Ten scenario seconds a second: the card client's two steps and the pause before the next game take 2.5 s.
    const scenario = join(dir, 'short.json');
    await writeFile(
      scenario,
      JSON.stringify({
        timeScale: 10,
        card: {
          timeline: [
            { at: 0, kind: 'menus' },
            { at: 5, kind: 'menus' },
          ],
        },
      }),
    );
    const out: string[] = [];
    const err: string[] = [];
    const demo = await browserDemo(
      ['--browser', '--no-open', '--scenario', scenario],
      join(dir, 'data'),
      rendererDir,
      out,
      err,
    );
    try {
      await vi.waitFor(
        () =>
          expect(err).toContain(
            'demo: the scenario is over; game 2 starts now (the arena game, the card games and the replay again)',
          ),
        { timeout: 15_000, interval: 200 },
      );
      // stdout keeps its lines for the tools that read them.
      expect(out.filter((line) => line.startsWith('demo: '))).toEqual([]);
    } finally {
      await demo.stop();
    }
  }, 90_000);
});

/** `--cfg` names a real game.cfg: the switch works on that one, and no simulated install is made. */
describe('npm run demo:browser --cfg <path>', () => {
  it("points the replay page's game.cfg switch at the named file", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-cfg-test-'));
    const rendererDir = join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    const cfg = join(dir, 'Riot Games', 'League of Legends', 'Game', 'Config', 'game.cfg');
    await mkdir(join(cfg, '..'), { recursive: true });
    await writeFile(cfg, '[General]\nEnableReplayApi=0\n');
    const out: string[] = [];
    const err: string[] = [];
    const demo = await browserDemo(
      ['--browser', '--no-open', '--cfg', cfg],
      join(dir, 'data'),
      rendererDir,
      out,
      err,
    );
    const socket = await openCompanionSocket(out);
    try {
      expect(err).toContain(`demo: the replay page's game.cfg switch works on ${cfg}`);
      const candidates = await gameCfgCandidates(socket);
      expect(candidates.find((candidate) => candidate.path === cfg)).toMatchObject({
        exists: true,
        setting: 'disabled',
      });
      expect(candidates.some((candidate) => candidate.path.includes('sightline-demo-'))).toBe(false);
      const on = await socket.request('replay.config.set', { path: cfg, enabled: true });
      expect(on).toMatchObject({ result: { ok: true, value: { changed: true } } });
      expect(await readFile(cfg, 'utf8')).toBe('[General]\nEnableReplayApi=1\n');
    } finally {
      socket.close();
      await demo.stop();
    }
  }, 90_000);
});

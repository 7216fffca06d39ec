import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerFrame } from '@shared/contract';
import { createWebApiDataset } from '../../../e2e/simulator/webApi/webApiDataset';
import { runDemo } from './demoCommand';

/** The browser demo: every simulator, and a core that reaches each of them through the environment. */
describe('npm run demo:browser', () => {
  const lines: string[] = [];
  const errors: string[] = [];
  let dataDir: string;
  let demo: { stop(): Promise<void> };
  let socket: WebSocket;
  let nextId = 1;

  const request = (channel: string, input: unknown): Promise<ServerFrame> => {
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
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sightline-demo-test-'));
    const rendererDir = await mkdtemp(join(tmpdir(), 'sightline-demo-renderer-'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    demo = await runDemo(['--browser', '--no-open'], {
      env: { SIGHTLINE_DATA_DIR: dataDir, CI: '1' },
      rendererDir,
      resourcesDir: resolve('resources'),
      repoRoot: resolve('.'),
      out: (line) => lines.push(line),
      err: (line) => errors.push(line),
    });
    const companion = new URL(lines.find((line) => line.startsWith('companion: '))?.slice(11) ?? '');
    socket = new WebSocket(`ws://${companion.host}/ws?token=${companion.searchParams.get('token') ?? ''}`, {
      origin: companion.origin,
    });
    await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
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
    expect(await request('staticData.status', {})).toMatchObject({
      result: {
        ok: true,
        value: {
          cache: {
            arena: [{ locale: 'en_US' }],
            cards: [{ locale: 'en_us', bundles: [{ name: 'core' }, { name: 'set1' }, { name: 'set9' }] }],
          },
          options: { autoSync: true, userLocale: 'en_us' },
        },
      },
    });
    const saved = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ staticData: { autoSync: true }, firstRun: { dismissed: false } });
  });

  it('the core reaches the web API simulator with the key set for the run', async () => {
    const player = createWebApiDataset().players[0];
    const answer = await request('webApi.account.byRiotId', {
      riotId: `${player?.gameName ?? ''}#${player?.tagLine ?? ''}`,
      region: 'americas',
    });
    expect(answer).toMatchObject({ result: { ok: true, value: { puuid: player?.puuid } } });
  });
});

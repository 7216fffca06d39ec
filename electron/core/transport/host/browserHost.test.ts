import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isOverlayName,
  OVERLAY_ROUTES,
  overlayStateOf,
  reduceStateMessage,
  type AppState,
  type LocalState,
  type OverlayState,
  type ServerFrame,
  type TrackedCardGame,
} from '@shared/contract';
import { gameTimeAt } from '@shared/contract/live';
import type { StateHub } from '../../platform/hub/stateHub';
import { REPEAT_LIMIT } from '../../platform/log/logger';
import { cardInfo } from '../../tools/testkit/card/cardInfo';
import { MALFORMED_FRAMES, sendRawFrame } from '../../tools/testkit/malformedWebSocketFrames';
import type { BrowserHost } from './browserHost';
import type { HostTokens } from './hostTokens';
import {
  ask,
  closeCode,
  get,
  nextFrames,
  nextPatch,
  openSocket,
  opened,
  rejection,
  send,
} from '../../tools/testkit/host/hostClients';
import {
  OUTSIDE_SECRET,
  startTestHost,
  TEST_OVERLAY_PAGE_TITLE,
  TEST_TOKENS,
} from '../../tools/testkit/host/testHost';

const TOKEN = TEST_TOKENS.companion;
const OVERLAY_TOKEN = TEST_TOKENS.overlay;

describe('startBrowserHost', () => {
  let host: BrowserHost;
  let hub: StateHub<AppState>;
  let callbacks: string[];
  let tokens: HostTokens;
  let logLines: string[];
  let settingsUpdates: number;

  beforeAll(async () => {
    callbacks = [];
    settingsUpdates = 0;
    const started = await startTestHost({
      handlers: {
        'settings.update': async () => {
          settingsUpdates += 1;
          throw new Error('not in this test');
        },
        'staticData.arena.catalog': async () => ({
          version: '1',
          locale: 'en_US',
          champions: [],
          items: [],
          summonerSpells: [],
          runes: [],
        }),
        'host.links.rotate': async ({ link }) => {
          await tokens.rotate(link);
          host.dropStaleSockets();
          return { companionUrl: host.url('/'), overlayUrl: host.url('/', 'overlay') };
        },
      },
      assets: async (urlPath) =>
        urlPath === '/static-data/cards/en_us/01DE012/card.png'
          ? { file: join(started.rendererDir, 'art.png'), contentType: 'image/png' }
          : null,
      publicRoutes: [
        {
          method: 'POST',
          path: '/tournament/callback',
          maxBodyBytes: 64,
          admit: async (request) =>
            request.headers['x-flood'] ? { status: 429, body: 'slow down', retryAfterSeconds: 7 } : null,
          handle: async (body) => {
            callbacks.push(body.toString());
            return { status: 200, body: 'ok' };
          },
        },
      ],
    });
    ({ host, hub, tokens, logLines } = started);
  });

  afterAll(() => host.close());

  it('answers a mistyped overlay URL with 404 and a blank transparent page, not the companion', async () => {
    for (const path of ['/overlay/nope', '/overlay/status/', '/overlay/deck-tracker.png']) {
      const page = await get(host.port, `${path}?token=${OVERLAY_TOKEN}`);
      expect(page.status, path).toBe(404);
      expect(String(page.headers['content-type'])).toContain('text/html');
      expect(page.body).not.toContain('<title>Sightline</title>');
      expect(page.body).toContain('background:transparent');
      expect(page.body).toMatch(/<body><\/body>/);
    }
    // Still a page that needs the token, like every view.
    expect((await get(host.port, '/overlay/nope')).status).toBe(403);
    expect((await get(host.port, `/overlay/deck-tracker?token=${OVERLAY_TOKEN}`)).status).toBe(200);
  });

  it('serves views with either token and sets no cookie; the bundle loads without a token', async () => {
    for (const token of [TOKEN, OVERLAY_TOKEN]) {
      const page = await get(host.port, `/overlay/status?token=${token}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<title>${TEST_OVERLAY_PAGE_TITLE}</title>`);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      // Cookies are shared by every port of 127.0.0.1: a token there would reach any local server.
      expect(page.headers['set-cookie']).toBeUndefined();
    }
    const bundle = await get(host.port, '/assets/app.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['set-cookie']).toBeUndefined();
  });

  it('lets only the companion’s OBS page frame an overlay page (its live preview), and no page frame the companion', async () => {
    const frameAncestors = (policy: unknown) =>
      String(policy)
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('frame-ancestors'));
    for (const path of ['/overlay/arena', '/overlay/deck-tracker']) {
      const overlay = await get(host.port, `${path}?token=${OVERLAY_TOKEN}`);
      expect(overlay.status).toBe(200);
      expect(frameAncestors(overlay.headers['content-security-policy']), path).toBe(
        "frame-ancestors 'self' app://sightline",
      );
    }
    for (const path of ['/', '/overlays', '/settings']) {
      const companion = await get(host.port, `${path}?token=${TOKEN}`);
      expect(frameAncestors(companion.headers['content-security-policy']), path).toBe(
        "frame-ancestors 'none'",
      );
    }
    // A mistyped overlay URL is nothing to preview.
    const blank = await get(host.port, `/overlay/nope?token=${OVERLAY_TOKEN}`);
    expect(frameAncestors(blank.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
  });

  it('serves static-data images through the asset resolver, behind the token', async () => {
    const path = '/static-data/cards/en_us/01DE012/card.png';
    const art = await get(host.port, `${path}?token=${TOKEN}`);
    expect(art.status).toBe(200);
    expect(art.body).toBe('PNG bytes');
    expect(art.headers['content-type']).toBe('image/png');
    expect(art.headers['cache-control']).toBe('private, max-age=300');
    expect((await get(host.port, `${path}?token=${OVERLAY_TOKEN}`)).status).toBe(200);
    expect((await get(host.port, path)).status).toBe(403);
    // Not the renderer's index.html for an unknown path under the prefix: a plain 404.
    expect((await get(host.port, `/static-data/cards/en_us/01DE042/card.png?token=${TOKEN}`)).status).toBe(
      404,
    );
  });

  it('rejects a missing or wrong token', async () => {
    expect((await get(host.port, '/')).status).toBe(403);
    expect((await get(host.port, '/?token=wrong-token-0123456789abcd')).status).toBe(403);
    expect((await get(host.port, '/index.html')).status).toBe(403);
    // The bundle is public code: a missing file is just missing, token or not.
    expect((await get(host.port, '/assets/missing.js')).status).toBe(404);
  });

  it('rejects a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    expect((await get(host.port, `/?token=${TOKEN}`, { host: `evil.example:${host.port}` })).status).toBe(
      421,
    );
    expect((await get(host.port, `/?token=${TOKEN}`, { host: '127.0.0.1:1' })).status).toBe(421);
    expect((await get(host.port, `/?token=${TOKEN}`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.js',
      '/assets/..%2f..%2fsecret.js',
      '/%2e%2e/secret.js',
      '/assets\\..\\..\\secret.js',
    ]) {
      const response = await get(host.port, `${path}?token=${TOKEN}`);
      expect(response.body).not.toContain(OUTSIDE_SECRET);
    }
  });

  it('carries the contract over the WebSocket: snapshot first, then patches and answers', async () => {
    const ws = openSocket(host.port, { token: TOKEN });
    const frames = nextFrames(ws, 3);
    await new Promise((resolve) => ws.once('open', resolve));
    hub.set('live', { ...hub.state.live, phase: 'loading' });
    ws.send(JSON.stringify({ type: 'request', id: 7, channel: 'app.info', input: {} }));
    const [snapshot, patch, answer] = await frames;
    expect(snapshot).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    expect(patch).toMatchObject({
      type: 'state',
      message: { kind: 'patch', ops: [{ path: ['live', 'phase'] }] },
    });
    expect(answer).toEqual({
      type: 'response',
      id: 7,
      result: { ok: true, value: expect.objectContaining({ version: 't' }) },
    });
    ws.close();
  });

  it('answers unknown channels and bad payloads with errors, and resync with a snapshot', async () => {
    const ws = openSocket(host.port, { token: TOKEN });
    const frames = nextFrames(ws, 4);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'request', id: 1, channel: 'fs.read', input: {} }));
    ws.send(JSON.stringify({ type: 'request', id: 2, channel: 'app.info', input: { extra: true } }));
    ws.send(JSON.stringify({ type: 'resync' }));
    const received = await frames;
    const answer = (id: number) => received.find((frame) => frame.type === 'response' && frame.id === id);
    const unknown = answer(1);
    const bad = answer(2);
    const resync = received.filter((frame) => frame.type === 'state')[1];
    expect(unknown).toMatchObject({ id: 1, result: { ok: false, error: { code: 'unknown-channel' } } });
    expect(bad).toMatchObject({ id: 2, result: { ok: false, error: { code: 'bad-input' } } });
    expect(resync).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    ws.close();
  });

  it('refuses sockets without the token, from a foreign Origin or Host', async () => {
    expect(await rejection(openSocket(host.port))).toBe(403);
    expect(await rejection(openSocket(host.port, { token: TOKEN, origin: 'http://evil.example' }))).toBe(403);
    expect(await rejection(openSocket(host.port, { token: TOKEN, host: 'evil.example' }))).toBe(421);
  });

  it('lets a public route through without the token, with a body limit', async () => {
    const post = async (body: string) =>
      (
        await send(host.port, {
          method: 'POST',
          path: '/tournament/callback',
          headers: { host: 'example.org' },
          body,
        })
      ).status;
    expect(await post('{"shortCode":"X"}')).toBe(200);
    expect(await post('x'.repeat(100))).toBe(413);
    expect(callbacks).toEqual(['{"shortCode":"X"}']);
  });

  it('answers what a public route’s admit refuses, with its Retry-After, and never reads the body', async () => {
    const answer = await send(host.port, {
      method: 'POST',
      path: '/tournament/callback',
      headers: { 'x-flood': '1' },
      body: '{"shortCode":"Y"}',
    });
    const refused = { status: answer.status, retryAfter: answer.headers['retry-after'] };
    expect(refused).toEqual({ status: 429, retryAfter: '7' });
    expect(callbacks).not.toContain('{"shortCode":"Y"}');
  });

  it('lets an overlay link watch and use the overlay lookups, and answers any command with forbidden', async () => {
    const ws = openSocket(host.port, { token: OVERLAY_TOKEN });
    const snapshot = nextFrames(ws, 1);
    await opened(ws);
    expect((await snapshot)[0]).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    const patch = nextPatch(ws);
    hub.set('live', { ...hub.state.live, phase: 'in-game' });
    expect(await patch).toMatchObject({ message: { ops: [{ path: ['live', 'phase'] }] } });

    expect(await ask(ws, 1, 'staticData.arena.catalog', {})).toMatchObject({ result: { ok: true } });
    for (const [id, channel, input] of [
      [2, 'settings.update', { live: { pollIntervalMs: 2000 } }],
      [3, 'app.info', {}],
      [4, 'host.links.rotate', { link: 'overlay' }],
    ] as const) {
      expect(await ask(ws, id, channel, input)).toMatchObject({
        result: { ok: false, error: { code: 'forbidden' } },
      });
    }
    expect(settingsUpdates).toBe(0);
    expect(tokens.tokenOf('overlay')).toBe(OVERLAY_TOKEN);
    ws.close();
  });

  it('pushes an overlay link only what overlays draw, in its snapshot and every patch, numbered without gaps', async () => {
    const overlay = openSocket(host.port, { token: OVERLAY_TOKEN });
    const companion = openSocket(host.port, { token: TOKEN });
    const overlayFrames: ServerFrame[] = [];
    overlay.on('message', (data) => overlayFrames.push(JSON.parse(String(data)) as ServerFrame));
    await Promise.all([opened(overlay), opened(companion)]);
    const secret = 'ada@example.com, 1 Main St, Visa •••• 4242';

    const companionPatch = nextPatch(companion);
    hub.update((state) => ({
      ...state,
      store: { ...state.store, pending: secret },
      card: { ...state.card, history: { ...state.card.history, error: secret } },
    }));
    expect(JSON.stringify(await companionPatch)).toContain(secret);
    const overlayPatch = nextPatch(overlay);
    hub.set('live', { ...hub.state.live, phase: hub.state.live.phase === 'loading' ? 'in-game' : 'loading' });
    await overlayPatch;

    expect(JSON.stringify(overlayFrames)).not.toContain(secret);
    const [snapshot, ...patches] = overlayFrames.flatMap((frame) =>
      frame.type === 'state' ? [frame.message] : [],
    );
    expect(snapshot?.kind).toBe('snapshot');
    expect(Object.keys(snapshot?.kind === 'snapshot' ? snapshot.state : {}).sort()).toEqual([
      'card',
      'live',
      'sources',
      'staticData',
    ]);
    expect(patches.map((patch) => patch.kind)).toEqual(['patch']);
    // The withheld change is no gap: the overlay applies its patch and lands on the overlay's cut of the state.
    let local: LocalState<unknown> = { seq: -1, state: null };
    for (const message of [snapshot, ...patches]) {
      if (!message) continue;
      const reduced = reduceStateMessage(local, message);
      expect(reduced.resync).toBe(false);
      local = reduced.next;
    }
    expect(local.state).toEqual(overlayStateOf(hub.state));

    const resynced = nextFrames(overlay, 1);
    overlay.send(JSON.stringify({ type: 'resync' }));
    expect((await resynced)[0]).toEqual({
      type: 'state',
      message: { kind: 'snapshot', seq: local.seq, state: overlayStateOf(hub.state) },
    });
    overlay.close();
    companion.close();
  });

  it('pushes an overlay page that names its route only what that route draws: a card overlay nothing while only the arena moves, and the other way round', async () => {
    const cards = openSocket(host.port, { token: OVERLAY_TOKEN, route: 'deck-tracker' });
    const arena = openSocket(host.port, { token: OVERLAY_TOKEN, route: 'arena' });
    const framesOf = (ws: typeof cards): ServerFrame<OverlayState>[] => {
      const frames: ServerFrame<OverlayState>[] = [];
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerFrame<OverlayState>));
      return frames;
    };
    const [cardFrames, arenaFrames] = [framesOf(cards), framesOf(arena)];
    await Promise.all([opened(cards), opened(arena)]);
    const toggleLive = (): void =>
      hub.set('live', {
        ...hub.state.live,
        phase: hub.state.live.phase === 'loading' ? 'in-game' : 'loading',
      });

    let arenaPatch = nextPatch(arena);
    toggleLive();
    await arenaPatch;
    const cardPatch = nextPatch(cards);
    hub.set('card', { ...hub.state.card, phase: hub.state.card.phase === 'in-game' ? 'no-game' : 'in-game' });
    await cardPatch;
    arenaPatch = nextPatch(arena);
    toggleLive();
    await arenaPatch;

    // A socket's frames arrive in the order they were sent: a patch sent before the one awaited would be here.
    // Numbered from the snapshot's (a route's feed numbers from when its first page was asked for).
    const patchedSlices = (frames: ServerFrame<OverlayState>[]) => {
      const [first] = frames;
      const from = first?.type === 'state' ? first.message.seq : 0;
      return frames.flatMap((frame) =>
        frame.type === 'state' && frame.message.kind === 'patch'
          ? [[frame.message.seq - from, [...new Set(frame.message.ops.map((op) => op.path[0]))]]]
          : [],
      );
    };
    expect(patchedSlices(cardFrames)).toEqual([[1, ['card']]]);
    expect(patchedSlices(arenaFrames)).toEqual([
      [1, ['live']],
      [2, ['live']],
    ]);
    const cardSnapshot = cardFrames[0];
    expect(cardSnapshot?.type === 'state' && cardSnapshot.message.kind === 'snapshot').toBe(true);
    cards.close();
    arena.close();
  });

  it('pushes a deck tracker nothing while only the opponent’s cards change, and the opponent’s cards nothing while only the deck changes', async () => {
    const game: TrackedCardGame = {
      startedAt: 1_700_000_000_000,
      playerName: 'Sightline',
      opponentName: 'decks_are_fun',
      deckCode: 'CEBAMAIAAE',
      mulligan: false,
      deck: [{ card: cardInfo('01DE012'), total: 3, left: 3 }],
      deckSize: 40,
      cardsLeft: 40,
      drawn: 0,
      inHand: 0,
      plays: [],
      opponentCards: [],
    };
    hub.set('card', { ...hub.state.card, phase: 'in-game', game });
    const deck = openSocket(host.port, { token: OVERLAY_TOKEN, route: 'deck-tracker' });
    const opponent = openSocket(host.port, { token: OVERLAY_TOKEN, route: 'opponent-cards-compact' });
    const framesOf = (ws: typeof deck): ServerFrame<OverlayState>[] => {
      const frames: ServerFrame<OverlayState>[] = [];
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerFrame<OverlayState>));
      return frames;
    };
    const [deckFrames, opponentFrames] = [framesOf(deck), framesOf(opponent)];
    await Promise.all([opened(deck), opened(opponent)]);
    const changeGame = (change: Partial<TrackedCardGame>): void => {
      const current = hub.state.card.game;
      if (!current) throw new Error('no card game');
      hub.set('card', { ...hub.state.card, game: { ...current, ...change } });
    };

    // The opponent plays a card, the player draws one, the player plays it, the opponent plays another.
    let opponentPatch = nextPatch(opponent);
    changeGame({ opponentCards: [{ card: cardInfo('01NX004'), count: 1 }] });
    await opponentPatch;
    const deckPatch = nextPatch(deck);
    changeGame({
      deck: [{ card: cardInfo('01DE012'), total: 3, left: 2 }],
      cardsLeft: 39,
      drawn: 1,
      inHand: 1,
    });
    await deckPatch;
    changeGame({ plays: [{ card: cardInfo('01DE012'), at: game.startedAt + 1000 }], inHand: 0 });
    opponentPatch = nextPatch(opponent);
    changeGame({ opponentCards: [{ card: cardInfo('01NX004'), count: 2 }] });
    await opponentPatch;
    await new Promise((resolve) => setTimeout(resolve, 50));
    deck.close();
    opponent.close();

    // Each route's feed numbers on from the pages before this test: count its patches, which follow its snapshot.
    const patches = (frames: ServerFrame<OverlayState>[]) =>
      frames.filter((frame) => frame.type === 'state' && frame.message.kind === 'patch').length;
    // The draw and the hand going down after the play; the opponent's two cards: nothing of the other's.
    expect(patches(deckFrames)).toBe(2);
    expect(patches(opponentFrames)).toBe(2);
    const stateOf = (frames: ServerFrame<OverlayState>[]): OverlayState | null => {
      let local: LocalState<OverlayState> = { seq: -1, state: null };
      for (const frame of frames) {
        if (frame.type !== 'state') continue;
        const reduced = reduceStateMessage(local, frame.message);
        expect(reduced.resync).toBe(false);
        local = reduced.next;
      }
      return local.state;
    };
    const deckGame = stateOf(deckFrames)?.card.game;
    const opponentGame = stateOf(opponentFrames)?.card.game;
    expect(deckGame?.deck).toEqual([{ card: cardInfo('01DE012'), total: 3, left: 2 }]);
    expect([deckGame?.cardsLeft, deckGame?.drawn, deckGame?.inHand]).toEqual([39, 1, 0]);
    expect([deckGame?.opponentCards, deckGame?.plays, deckGame?.opponentName]).toEqual([[], [], null]);
    expect(opponentGame?.opponentCards).toEqual([{ card: cardInfo('01NX004'), count: 2 }]);
    expect(opponentGame?.opponentName).toBe('decks_are_fun');
    expect([opponentGame?.deck, opponentGame?.plays, opponentGame?.cardsLeft]).toEqual([[], [], 0]);
    hub.set('card', { ...hub.state.card, phase: 'no-game', game: null });
  });

  it('pushes the status overlay nothing while the game’s clock runs on as before, and draws the same time', async () => {
    // The game started at `startedAt` (epoch ms): each poll reads a later game time a little later.
    const startedAt = 1_700_000_000_020;
    const pollAt = (gameTime: number, latencyMs: number) => ({
      gameTime,
      sampledAt: startedAt + gameTime * 1000 + latencyMs,
    });
    hub.set('live', { ...hub.state.live, phase: 'in-game', clock: pollAt(100, 3) });
    const status = openSocket(host.port, { token: OVERLAY_TOKEN, route: 'status' });
    const frames: ServerFrame<OverlayState>[] = [];
    status.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerFrame<OverlayState>));
    const snapshot = nextFrames(status, 1);
    await opened(status);
    await snapshot;

    // Three polls a second apart, each read with its own latency: the same running clock.
    for (const [gameTime, latencyMs] of [
      [101, 9],
      [102, 1],
      [103.5, 14],
    ] as const) {
      hub.set('live', { ...hub.state.live, clock: pollAt(gameTime, latencyMs) });
    }
    // Then the game ends: the status overlay is told, with the game's own last reading.
    const ended = nextPatch(status);
    hub.set('live', { ...hub.state.live, phase: 'ended', clock: pollAt(104, 2) });
    await ended;
    status.close();

    const patches = frames.filter((frame) => frame.type === 'state' && frame.message.kind === 'patch');
    expect(patches).toHaveLength(1);
    let local: LocalState<OverlayState> = { seq: -1, state: null };
    const shownAt: (number | null)[] = [];
    for (const frame of frames) {
      if (frame.type !== 'state') continue;
      local = reduceStateMessage(local, frame.message).next;
      // What the overlay draws 500 ms after the reading it was sent.
      const live = local.state?.live;
      if (live) shownAt.push(gameTimeAt(live, startedAt + 100_500));
    }
    // Within 50 ms of the game's own clock while it runs; the game's last reading once it ended.
    expect(Math.abs((shownAt[0] ?? 0) - 100.5)).toBeLessThanOrEqual(0.05);
    expect(local.state?.live.phase).toBe('ended');
    expect(local.state?.live.clock).toEqual(pollAt(104, 2));
  });

  it('never pushes a page that names a route more than its link allows', async () => {
    const secret = 'ada@example.com, 1 Main St';
    hub.update((state) => ({
      ...state,
      store: { ...state.store, pending: secret },
      card: { ...state.card, history: { ...state.card.history, error: secret } },
    }));
    const routes = [
      ...OVERLAY_ROUTES.map((route) => route.name),
      'nope',
      '/',
      'constructor',
      '__proto__',
      '',
    ];
    for (const [token, route] of [
      ...routes.map((route) => [OVERLAY_TOKEN, route] as const),
      [TOKEN, 'arena'] as const,
    ]) {
      const ws = openSocket(host.port, { token, route });
      const [frame] = await nextFrames(ws, 1);
      ws.close();
      expect(JSON.stringify(frame), route).not.toContain(secret);
      const state = frame?.type === 'state' && frame.message.kind === 'snapshot' ? frame.message.state : null;
      expect(Object.keys(state ?? {}).sort(), route).toEqual(['card', 'live', 'sources', 'staticData']);
      // A name that is no overlay route changes nothing: the plain overlay feed.
      if (!isOverlayName(route)) expect(state, route).toEqual(overlayStateOf(hub.state));
    }
  });

  it('survives every malformed frame: only that socket closes, and other pages keep their patches', async () => {
    const watcher = openSocket(host.port, { token: TOKEN });
    await opened(watcher);
    for (const [index, [name, frame]] of Object.entries(MALFORMED_FRAMES).entries()) {
      const before = logLines.length;
      await sendRawFrame(host.port, `/ws?token=${TOKEN}`, frame);
      // Each is logged, as far as the logger writes one message a minute; the rest go into its summary.
      const logged = index < REPEAT_LIMIT.burst;
      expect(logLines.length - before, name).toBe(logged ? 1 : 0);
      if (logged) expect(logLines.at(-1), name).toContain('host socket dropped a bad frame');
      const patch = nextPatch(watcher);
      hub.set('live', {
        ...hub.state.live,
        phase: hub.state.live.phase === 'loading' ? 'in-game' : 'loading',
      });
      await expect(patch, name).resolves.toMatchObject({ type: 'state' });
    }
    expect(watcher.readyState).toBe(watcher.OPEN);
    // The host still takes new pages.
    const late = openSocket(host.port, { token: TOKEN });
    await opened(late);
    late.close();
    watcher.close();
  });

  it('disconnects and refuses a replaced link, answering the page that replaced it first', async () => {
    const overlay = openSocket(host.port, { token: OVERLAY_TOKEN });
    const companion = openSocket(host.port, { token: TOKEN });
    await Promise.all([opened(overlay), opened(companion)]);
    const overlayClosed = closeCode(overlay);
    const answer = await ask(companion, 1, 'host.links.rotate', { link: 'overlay' });
    expect(await overlayClosed).toBe(4001);
    expect(companion.readyState).toBe(companion.OPEN);
    const newOverlay = tokens.tokenOf('overlay');
    expect(newOverlay).not.toBe(OVERLAY_TOKEN);
    expect(answer).toMatchObject({
      result: { ok: true, value: { overlayUrl: expect.stringContaining(newOverlay) } },
    });
    expect(await rejection(openSocket(host.port, { token: OVERLAY_TOKEN }))).toBe(403);
    expect((await get(host.port, `/overlay/status?token=${OVERLAY_TOKEN}`)).status).toBe(403);
    expect((await get(host.port, `/overlay/status?token=${newOverlay}`)).status).toBe(200);

    const companionClosed = closeCode(companion);
    const rotated = await ask(companion, 2, 'host.links.rotate', { link: 'companion' });
    expect(rotated).toMatchObject({ result: { ok: true } });
    expect(await companionClosed).toBe(4001);
    expect(await rejection(openSocket(host.port, { token: TOKEN }))).toBe(403);
    const fresh = openSocket(host.port, { token: tokens.tokenOf('companion') });
    await opened(fresh);
    fresh.close();
  });
});

import { describe, expect, it } from 'vitest';
import {
  initialAppState,
  IPC_CHANNELS,
  OVERLAY_REQUEST_CHANNELS,
  overlayStateOf,
  type AppState,
  type Audience,
  type OverlayState,
  type Result,
  type StateMessage,
} from '@shared/contract';
import { createAudienceFeeds } from '../../core/platform/hub/audienceFeeds';
import { StateHub } from '../../core/platform/hub/stateHub';
import { APP_PAGES, pagesOriginFor } from '../protocol/pagesOrigin';
import { FakeWebContents } from '../tools/testkit/fakeElectron';
import { createIpcHandlers, senderInfoOf, type IpcHandlers, type SenderInfo } from './ipcHandlers';

const OWN: SenderInfo = { frameUrl: 'app://sightline/', isMainFrame: true, contentsId: undefined };
const OWN_SUBFRAME: SenderInfo = { frameUrl: 'app://sightline/', isMainFrame: false, contentsId: undefined };
const FOREIGN: SenderInfo = { frameUrl: 'https://evil.example/', isMainFrame: true, contentsId: undefined };

function setup() {
  const hub = new StateHub<AppState>(initialAppState(1000));
  const routed: Array<{ channel: unknown; input: unknown }> = [];
  const logged: string[] = [];
  const handlers = createIpcHandlers({
    pages: APP_PAGES,
    router: async (channel, input) => {
      routed.push({ channel, input });
      return { ok: true, value: { echoed: input } };
    },
    feeds: createAudienceFeeds(hub),
    log: (message) => void logged.push(message),
  });
  return { hub, handlers, routed, logged };
}

/** A window the shell made for `audience`, and what its main frame's messages say of their sender. */
function ownWindow(handlers: IpcHandlers, audience: Audience, frameUrl = 'app://sightline/') {
  const contents = new FakeWebContents();
  handlers.attach(contents, audience);
  const sender: SenderInfo = { frameUrl, isMainFrame: true, contentsId: contents.id };
  return { contents, sender };
}

const stateMessages = (contents: FakeWebContents) =>
  contents.sent.map((entry) => {
    expect(entry.channel).toBe(IPC_CHANNELS.state);
    return entry.message as { kind: string; seq: number };
  });

describe('handleRequest', () => {
  it("forwards the app's own requests to the router and returns its result", async () => {
    const { handlers, routed } = setup();
    const { sender } = ownWindow(handlers, 'companion');
    const result = await handlers.handleRequest(sender, 'app.info', {});
    expect(result).toEqual({ ok: true, value: { echoed: {} } });
    expect(routed).toEqual([{ channel: 'app.info', input: {} }]);
  });

  it.each([
    ['a foreign page', FOREIGN],
    ['a subframe of our page', OWN_SUBFRAME],
    ['a sender without a frame', { frameUrl: undefined, isMainFrame: false, contentsId: undefined }],
  ])('refuses %s with a readable error, never reaching the router', async (_name, sender) => {
    const { handlers, routed } = setup();
    const result = await handlers.handleRequest(sender, 'settings.update', { live: {} });
    expect(result).toEqual({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining("Sightline's own windows") },
    });
    expect(routed).toEqual([]);
  });

  it('lets an overlay window, and a window never attached, reach only the overlay channels', async () => {
    const { handlers, routed } = setup();
    const { sender } = ownWindow(handlers, 'overlay', 'app://sightline/overlay/arena');
    // The page's own URL changes nothing: the window was made an overlay.
    const pushedAway = { ...sender, frameUrl: 'app://sightline/store' };
    for (const from of [sender, pushedAway, OWN]) {
      for (const channel of ['app.info', 'settings.update', 'store.checkout.complete', 'webApi.key.set']) {
        expect(await handlers.handleRequest(from, channel, {})).toMatchObject({
          ok: false,
          error: { code: 'forbidden' },
        });
      }
    }
    expect(routed).toEqual([]);
    for (const channel of OVERLAY_REQUEST_CHANNELS) {
      expect(await handlers.handleRequest(sender, channel, {})).toMatchObject({ ok: true });
    }
    expect(routed.map((entry) => entry.channel)).toEqual([...OVERLAY_REQUEST_CHANNELS]);
  });

  it('turns a router that throws into an error value without a stack', async () => {
    const handlers = createIpcHandlers({
      pages: APP_PAGES,
      router: () => Promise.reject(new Error('at secret/path.ts:12')),
      feeds: createAudienceFeeds(new StateHub<AppState>(initialAppState(0))),
    });
    const { sender } = ownWindow(handlers, 'companion');
    const result: Result<unknown> = await handlers.handleRequest(sender, 'app.info', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The request failed unexpectedly.' },
    });
  });
});

describe('handleRequest under npm run dev', () => {
  it('answers the dev server’s main frames only, and never them in a packaged app', async () => {
    const devServerUrl = 'http://localhost:5173';
    const answered = async (packaged: boolean, frameUrl: string) => {
      const handlers = createIpcHandlers({
        pages: pagesOriginFor({ packaged, devServerUrl }),
        router: async () => ({ ok: true, value: null }),
        feeds: createAudienceFeeds(new StateHub<AppState>(initialAppState(0))),
      });
      const { sender } = ownWindow(handlers, 'companion', frameUrl);
      return (await handlers.handleRequest(sender, 'app.info', {})).ok;
    };
    expect(await answered(false, 'http://localhost:5173/')).toBe(true);
    expect(await answered(false, 'app://sightline/')).toBe(false);
    expect(await answered(false, 'http://127.0.0.1:5173/')).toBe(false);
    expect(await answered(true, 'http://localhost:5173/')).toBe(false);
    expect(await answered(true, 'app://sightline/')).toBe(true);
  });
});

describe('state forwarding', () => {
  it('starts a window with a snapshot, then forwards every patch', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents, 'companion');
    hub.set('live', { ...hub.state.live });
    hub.update((state) => ({ ...state, sources: { ...state.sources } }));
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(stateMessages(contents)).toEqual([
      expect.objectContaining({ kind: 'snapshot', seq: 0 }),
      expect.objectContaining({ kind: 'patch', seq: 1 }),
    ]);
  });

  it('attaches a window only once', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents, 'companion');
    handlers.attach(contents, 'companion');
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(stateMessages(contents).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    expect(handlers.attached()).toEqual([contents.id]);
  });

  it('answers a resync with a fresh snapshot at the current sequence', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents, 'companion');
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    handlers.handleResync({ ...OWN, contentsId: contents.id }, contents);
    expect(stateMessages(contents).at(-1)).toEqual({ kind: 'snapshot', seq: 1, state: hub.state });
  });

  it('pushes an overlay window only what overlays draw, numbered without gaps, and resyncs it the same', () => {
    const { hub, handlers } = setup();
    const { contents, sender } = ownWindow(handlers, 'overlay', 'app://sightline/overlay/arena');
    hub.update((state) => ({ ...state, store: { ...state.store, pending: 'ada@example.com' } }));
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    handlers.handleResync(sender, contents);
    expect(JSON.stringify(contents.sent)).not.toContain('ada@example.com');
    const overlayNow = overlayStateOf(hub.state);
    expect(stateMessages(contents)).toEqual([
      { kind: 'snapshot', seq: 0, state: overlayStateOf(initialAppState(1000)) },
      expect.objectContaining({ kind: 'patch', seq: 1 }),
      { kind: 'snapshot', seq: 1, state: overlayNow },
    ]);
  });

  it('pushes an overlay window opened for a route only what that route draws, and resyncs it the same', () => {
    const { hub, handlers } = setup();
    const cards = new FakeWebContents();
    const arena = new FakeWebContents();
    handlers.attach(cards, 'overlay', 'opponent-cards');
    handlers.attach(arena, 'overlay', 'arena');
    hub.set('live', { ...hub.state.live, phase: 'in-game' });
    expect(stateMessages(cards).map((message) => message.kind)).toEqual(['snapshot']);
    expect(stateMessages(arena).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    hub.set('card', { ...hub.state.card, phase: 'in-game' });
    expect(stateMessages(cards).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    expect(stateMessages(arena).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    handlers.handleResync({ ...OWN, contentsId: cards.id }, cards);
    const resynced = cards.sent.at(-1)?.message as StateMessage<OverlayState> | undefined;
    expect(resynced?.kind === 'snapshot' && resynced.state.card.phase).toBe('in-game');
    expect(resynced?.kind === 'snapshot' && resynced.state.live.phase).toBe('no-game');
  });

  it('attaches a window on its first resync, with what an overlay gets', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.handleResync({ ...OWN, contentsId: contents.id }, contents);
    expect(stateMessages(contents)).toEqual([{ kind: 'snapshot', seq: 0, state: overlayStateOf(hub.state) }]);
    expect(handlers.attached()).toEqual([contents.id]);
  });

  it('ignores resyncs from untrusted senders', () => {
    const { handlers } = setup();
    const contents = new FakeWebContents();
    handlers.handleResync(FOREIGN, contents);
    handlers.handleResync(OWN_SUBFRAME, contents);
    expect(contents.sent).toEqual([]);
    expect(handlers.attached()).toEqual([]);
  });

  it('stops pushing to a destroyed window and unsubscribes from the hub', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents, 'companion');
    contents.destroy();
    expect(handlers.attached()).toEqual([]);
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(contents.sent).toHaveLength(1);
  });

  it('detaches a window whose send fails, and keeps serving the others', () => {
    const { hub, handlers, logged } = setup();
    const failing = new FakeWebContents();
    const healthy = new FakeWebContents();
    handlers.attach(failing, 'companion');
    handlers.attach(healthy, 'companion');
    failing.failNextSend = true;
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(handlers.attached()).toEqual([healthy.id]);
    expect(stateMessages(healthy).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    expect(logged).toEqual([expect.stringContaining(`window ${failing.id}`)]);
  });

  it('does not attach a window that is already destroyed', () => {
    const { handlers } = setup();
    const contents = new FakeWebContents();
    contents.destroy();
    handlers.attach(contents, 'companion');
    expect(handlers.attached()).toEqual([]);
  });

  it('detaches everything at shutdown', () => {
    const { hub, handlers } = setup();
    const first = new FakeWebContents();
    const second = new FakeWebContents();
    handlers.attach(first, 'companion');
    handlers.attach(second, 'companion');
    handlers.detachAll();
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(handlers.attached()).toEqual([]);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toHaveLength(1);
  });
});

describe('senderInfoOf', () => {
  const sender = { id: 7 };

  it('reads the frame URL, whether it is a main frame, and which window sent it', () => {
    expect(senderInfoOf({ sender, senderFrame: { url: 'app://sightline/', parent: null } })).toEqual({
      ...OWN,
      contentsId: 7,
    });
    expect(senderInfoOf({ sender, senderFrame: { url: 'app://sightline/', parent: {} } })).toEqual({
      ...OWN_SUBFRAME,
      contentsId: 7,
    });
  });

  it('treats a missing or disposed frame as untrusted', () => {
    expect(senderInfoOf({ sender, senderFrame: null })).toEqual({
      frameUrl: undefined,
      isMainFrame: false,
      contentsId: 7,
    });
    const disposed = {
      sender,
      get senderFrame(): { url: string; parent: null } {
        throw new Error('Render frame was disposed');
      },
    };
    expect(senderInfoOf(disposed)).toEqual({
      frameUrl: undefined,
      isMainFrame: false,
      contentsId: undefined,
    });
  });
});

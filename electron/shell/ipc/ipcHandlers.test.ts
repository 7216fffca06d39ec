import { describe, expect, it } from 'vitest';
import { initialAppState, IPC_CHANNELS, type AppState, type Result } from '@shared/contract';
import { StateHub } from '../../core/hub/stateHub';
import { FakeWebContents } from '../testing/fakeElectron';
import { createIpcHandlers, senderInfoOf, type SenderInfo } from './ipcHandlers';

const OWN: SenderInfo = { frameUrl: 'app://sightline/', isMainFrame: true };
const OWN_SUBFRAME: SenderInfo = { frameUrl: 'app://sightline/', isMainFrame: false };
const FOREIGN: SenderInfo = { frameUrl: 'https://evil.example/', isMainFrame: true };

function setup() {
  const hub = new StateHub<AppState>(initialAppState(1000));
  const routed: Array<{ channel: unknown; input: unknown }> = [];
  const logged: string[] = [];
  const handlers = createIpcHandlers({
    router: async (channel, input) => {
      routed.push({ channel, input });
      return { ok: true, value: { echoed: input } };
    },
    state: hub,
    log: (message) => void logged.push(message),
  });
  return { hub, handlers, routed, logged };
}

const stateMessages = (contents: FakeWebContents) =>
  contents.sent.map((entry) => {
    expect(entry.channel).toBe(IPC_CHANNELS.state);
    return entry.message as { kind: string; seq: number };
  });

describe('handleRequest', () => {
  it("forwards the app's own requests to the router and returns its result", async () => {
    const { handlers, routed } = setup();
    const result = await handlers.handleRequest(OWN, 'app.info', {});
    expect(result).toEqual({ ok: true, value: { echoed: {} } });
    expect(routed).toEqual([{ channel: 'app.info', input: {} }]);
  });

  it.each([
    ['a foreign page', FOREIGN],
    ['a subframe of our page', OWN_SUBFRAME],
    ['a sender without a frame', { frameUrl: undefined, isMainFrame: false }],
  ])('refuses %s with a readable error, never reaching the router', async (_name, sender) => {
    const { handlers, routed } = setup();
    const result = await handlers.handleRequest(sender, 'settings.update', { live: {} });
    expect(result).toEqual({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining("Sightline's own windows") },
    });
    expect(routed).toEqual([]);
  });

  it('turns a router that throws into an error value without a stack', async () => {
    const handlers = createIpcHandlers({
      router: () => Promise.reject(new Error('at secret/path.ts:12')),
      state: new StateHub<AppState>(initialAppState(0)),
    });
    const result: Result<unknown> = await handlers.handleRequest(OWN, 'app.info', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The request failed unexpectedly.' },
    });
  });
});

describe('state forwarding', () => {
  it('starts a window with a snapshot, then forwards every patch', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents);
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
    handlers.attach(contents);
    handlers.attach(contents);
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(stateMessages(contents).map((message) => message.kind)).toEqual(['snapshot', 'patch']);
    expect(handlers.attached()).toEqual([contents.id]);
  });

  it('answers a resync with a fresh snapshot at the current sequence', () => {
    const { hub, handlers } = setup();
    const contents = new FakeWebContents();
    handlers.attach(contents);
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    handlers.handleResync(OWN, contents);
    expect(stateMessages(contents).at(-1)).toEqual({ kind: 'snapshot', seq: 1, state: hub.state });
  });

  it('attaches a window on its first resync', () => {
    const { handlers } = setup();
    const contents = new FakeWebContents();
    handlers.handleResync(OWN, contents);
    expect(stateMessages(contents)).toEqual([expect.objectContaining({ kind: 'snapshot' })]);
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
    handlers.attach(contents);
    contents.destroy();
    expect(handlers.attached()).toEqual([]);
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(contents.sent).toHaveLength(1);
  });

  it('detaches a window whose send fails, and keeps serving the others', () => {
    const { hub, handlers, logged } = setup();
    const failing = new FakeWebContents();
    const healthy = new FakeWebContents();
    handlers.attach(failing);
    handlers.attach(healthy);
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
    handlers.attach(contents);
    expect(handlers.attached()).toEqual([]);
  });

  it('detaches everything at shutdown', () => {
    const { hub, handlers } = setup();
    const first = new FakeWebContents();
    const second = new FakeWebContents();
    handlers.attach(first);
    handlers.attach(second);
    handlers.detachAll();
    hub.set('sources', { ...hub.state.sources, live: { state: 'waiting', reason: null, since: 5 } });
    expect(handlers.attached()).toEqual([]);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toHaveLength(1);
  });
});

describe('senderInfoOf', () => {
  it('reads the frame URL and whether it is a main frame', () => {
    expect(senderInfoOf({ senderFrame: { url: 'app://sightline/', parent: null } })).toEqual(OWN);
    expect(senderInfoOf({ senderFrame: { url: 'app://sightline/', parent: {} } })).toEqual(OWN_SUBFRAME);
  });

  it('treats a missing or disposed frame as untrusted', () => {
    expect(senderInfoOf({ senderFrame: null })).toEqual({ frameUrl: undefined, isMainFrame: false });
    const disposed = {
      get senderFrame(): { url: string; parent: null } {
        throw new Error('Render frame was disposed');
      },
    };
    expect(senderInfoOf(disposed)).toEqual({ frameUrl: undefined, isMainFrame: false });
  });
});

import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, type AppState, type StateMessage } from '@shared/contract';
import { FakeIpcRenderer } from '../shell/tools/testkit/fakeElectron';
import { createPreloadBridge } from './preloadBridge';

const snapshot = { kind: 'snapshot', seq: 3, state: {} } as unknown as StateMessage<AppState>;

describe('createPreloadBridge', () => {
  it('exposes exactly the ContractBridge', () => {
    const bridge = createPreloadBridge(new FakeIpcRenderer(async () => null));
    expect(Object.keys(bridge).sort()).toEqual(['onState', 'request', 'resync']);
  });

  it('sends a request over the request channel and returns main’s result', async () => {
    const ipc = new FakeIpcRenderer(async () => ({ ok: true, value: { version: '1' } }));
    const bridge = createPreloadBridge(ipc);
    expect(await bridge.request('app.info', {})).toEqual({ ok: true, value: { version: '1' } });
    expect(ipc.invoked).toEqual([{ channel: IPC_CHANNELS.request, args: ['app.info', {}] }]);
  });

  it('turns a failed invoke into an error value', async () => {
    const ipc = new FakeIpcRenderer(() =>
      Promise.reject(new Error("Error invoking remote method 'x': boom")),
    );
    const result = await createPreloadBridge(ipc).request('app.info', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'io', message: expect.stringContaining('main process') },
    });
  });

  it('hands listeners the state message only, never the IPC event', () => {
    const ipc = new FakeIpcRenderer(async () => null);
    const received: unknown[][] = [];
    createPreloadBridge(ipc).onState((...args: unknown[]) => void received.push(args));
    ipc.push(IPC_CHANNELS.state, snapshot);
    expect(received).toEqual([[snapshot]]);
  });

  it('asks for a snapshot when a listener joins, so it starts complete', () => {
    const ipc = new FakeIpcRenderer(async () => null);
    createPreloadBridge(ipc).onState(() => undefined);
    expect(ipc.sentMessages).toEqual([{ channel: IPC_CHANNELS.resync, args: [] }]);
  });

  it('stops delivering after unsubscribe', () => {
    const ipc = new FakeIpcRenderer(async () => null);
    const received: unknown[] = [];
    const unsubscribe = createPreloadBridge(ipc).onState((message) => void received.push(message));
    unsubscribe();
    ipc.push(IPC_CHANNELS.state, snapshot);
    expect(received).toEqual([]);
    expect(ipc.listenerCount(IPC_CHANNELS.state)).toBe(0);
  });

  it('listens on the state channel only', () => {
    const ipc = new FakeIpcRenderer(async () => null);
    const received: unknown[] = [];
    createPreloadBridge(ipc).onState((message) => void received.push(message));
    ipc.push('sightline:other', snapshot);
    ipc.push(IPC_CHANNELS.request, snapshot);
    expect(received).toEqual([]);
  });

  it('resync sends on the resync channel, with no payload', () => {
    const ipc = new FakeIpcRenderer(async () => null);
    createPreloadBridge(ipc).resync();
    expect(ipc.sentMessages).toEqual([{ channel: IPC_CHANNELS.resync, args: [] }]);
  });
});

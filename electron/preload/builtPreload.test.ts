import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileFunction, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * Checks what Electron will actually load: the bundled preload. A sandboxed preload gets a require()
 * that knows only 'electron' and no module system of its own, so the bundle must be self-contained
 * CommonJS; and it must expose exactly the bridge.
 */
const BUILT_PRELOAD = fileURLToPath(new URL('../../out/preload/index.cjs', import.meta.url));

function readBuiltPreload(): string {
  if (!existsSync(BUILT_PRELOAD)) {
    throw new Error(
      `${BUILT_PRELOAD} is missing: run \`npm run build\` first (npm test builds before unit tests).`,
    );
  }
  return readFileSync(BUILT_PRELOAD, 'utf8');
}

interface Exposed {
  key: string;
  api: Record<string, unknown>;
}

/** Runs the bundle in a fresh V8 context with a fake electron, as Electron's sandbox would. */
function evaluatePreload(code: string) {
  const exposed: Exposed[] = [];
  const ipc = {
    invoked: [] as unknown[][],
    sent: [] as unknown[][],
    listeners: new Map<string, Array<(...args: unknown[]) => void>>(),
    invoke: async (...args: unknown[]) => {
      ipc.invoked.push(args);
      return { ok: true, value: 'pong' };
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      ipc.listeners.set(channel, [...(ipc.listeners.get(channel) ?? []), listener]);
      return ipc;
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      ipc.listeners.set(
        channel,
        (ipc.listeners.get(channel) ?? []).filter((candidate) => candidate !== listener),
      );
      return ipc;
    },
    send: (...args: unknown[]) => void ipc.sent.push(args),
  };
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.push({ key, api }),
    },
    ipcRenderer: ipc,
  };
  const required: string[] = [];
  const fakeRequire = (name: string): unknown => {
    required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${name}`);
  };
  const module = { exports: {} };
  const run = compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: BUILT_PRELOAD,
    parsingContext: createContext({}),
  });
  run(module.exports, fakeRequire, module, BUILT_PRELOAD, '.');
  return { exposed, ipc, electron, required };
}

describe('the built preload (out/preload/index.cjs)', () => {
  it('is CommonJS: requires electron and has no import or export statements', () => {
    const code = readBuiltPreload();
    expect(BUILT_PRELOAD.endsWith('.cjs')).toBe(true);
    expect(code).toMatch(/\brequire\(\s*["']electron["']\s*\)/);
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code).not.toMatch(/\bimport\s*\(/);
  });

  it('requires nothing but electron (no Node built-ins, no packages, no files)', () => {
    const code = readBuiltPreload();
    const literal = [...code.matchAll(/\brequire\(\s*(["'`])([^"'`]*)\1\s*\)/g)].map((match) => match[2]);
    const allCalls = code.match(/\brequire\s*\(/g) ?? [];
    expect(new Set(literal)).toEqual(new Set(['electron']));
    expect(allCalls).toHaveLength(literal.length);
  });

  it('evaluates in a bare context and exposes exactly window.sightline with the bridge functions', () => {
    const { exposed, required } = evaluatePreload(readBuiltPreload());
    expect(required.every((name) => name === 'electron')).toBe(true);
    expect(exposed.map((entry) => entry.key)).toEqual(['sightline']);
    const api = exposed[0]?.api ?? {};
    expect(Object.keys(api).sort()).toEqual(['onState', 'request', 'resync']);
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('never hands the page ipcRenderer or the IPC event', async () => {
    const { exposed, ipc } = evaluatePreload(readBuiltPreload());
    const api = exposed[0]?.api as {
      request(channel: string, input: unknown): Promise<unknown>;
      onState(listener: (...args: unknown[]) => void): () => void;
      resync(): void;
    };
    expect(Object.values(api)).not.toContain(ipc);

    expect(await api.request('app.info', {})).toMatchObject({ ok: true, value: 'pong' });
    expect(ipc.invoked).toEqual([['sightline:request', 'app.info', {}]]);

    const received: unknown[][] = [];
    const unsubscribe = api.onState((...args) => void received.push(args));
    for (const listener of ipc.listeners.get('sightline:state') ?? []) {
      listener({ sender: ipc }, { kind: 'snapshot', seq: 0, state: {} });
    }
    expect(received).toEqual([[{ kind: 'snapshot', seq: 0, state: {} }]]);
    unsubscribe();
    expect(ipc.listeners.get('sightline:state')).toEqual([]);

    api.resync();
    expect(ipc.sent).toEqual([['sightline:resync'], ['sightline:resync']]);
  });
});

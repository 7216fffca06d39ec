import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from './runCli';

// Stands where the built CLI runs from, so the repository root and resources/ resolve as for `npm run demo`.
const MODULE_URL = new URL('../../out/main/cli.js', import.meta.url).href;

async function demo(): Promise<{ code: number | null; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['demo'], {
    moduleUrl: MODULE_URL,
    env: process.env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/** Whether anything still listens at a printed service URL. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((answer) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/** `npm run demo` where Electron's binary is missing or dies at once: Electron's own override names the folder. */
describe('npm run demo without a working Electron binary', () => {
  let electronDir: string;
  beforeAll(async () => {
    electronDir = await mkdtemp(join(tmpdir(), 'sightline-no-electron-'));
    vi.stubEnv('ELECTRON_OVERRIDE_DIST_PATH', electronDir);
    vi.stubEnv('SIGHTLINE_DATA_DIR', await mkdtemp(join(tmpdir(), 'sightline-demo-data-')));
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('with no binary, starts nothing and exits 1 naming npm run demo:browser', async () => {
    const { code, out, err } = await demo();
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/^sightline demo: the Electron binary is missing \(.*\)\./);
    expect(err.join('\n')).toContain('`npm run demo:browser`');
  });

  it('with a binary that fails at once, stops every simulator and exits with its code', async () => {
    await writeFile(join(electronDir, 'electron'), '#!/bin/sh\necho "cannot open display" >&2\nexit 3\n');
    await chmod(join(electronDir, 'electron'), 0o755);
    const { code, out, err } = await demo();
    expect(code).toBe(3);
    expect(err.join('\n')).toContain(
      'sightline demo: the desktop app exited with code 3. The simulators are stopped. `npm run demo:browser`',
    );
    const services = out
      .map((line) => /^simulated [^:]+: (https?:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1])
      .filter((url): url is string => url !== undefined);
    // The game clients, the static hosts, the web API, sign-on and the store were all running.
    expect(services.length).toBeGreaterThanOrEqual(8);
    for (const url of services) expect(await listening(url), url).toBe(false);
  }, 90_000);
});

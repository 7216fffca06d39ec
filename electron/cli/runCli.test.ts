import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario, startSimulator, type RunningSimulator } from '../../e2e/simulator/index';
import { smallScenario } from '../../e2e/simulator/simulatorTestKit';
import { runCli } from './runCli';

// Stands where the built CLI runs from, so resources/ resolves as it does for `npx sightline`.
const MODULE_URL = new URL('../../out/main/cli.js', import.meta.url).href;
const OFFICIAL_CODE = 'CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA';

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    moduleUrl: MODULE_URL,
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

describe('sightline deck', () => {
  it('decodes a deck code into count:cardCode lines', async () => {
    const { code, out } = await run(['deck', 'decode', OFFICIAL_CODE]);
    expect(code).toBe(0);
    expect(out).toContain('3:01SI015');
    expect(out.every((line) => /^\d:\d\d[A-Z]{2}\d{3}$/.test(line))).toBe(true);
  });

  it('encodes the lines back into the same code', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deck-'));
    const decoded = await run(['deck', 'decode', OFFICIAL_CODE]);
    await writeFile(join(dir, 'deck.txt'), `# my deck\n${decoded.out.reverse().join('\n')}\n`);
    expect(await run(['deck', 'encode', join(dir, 'deck.txt')])).toMatchObject({
      code: 0,
      out: [OFFICIAL_CODE],
    });
  });

  it('explains a bad code or a bad line and exits non-zero', async () => {
    expect((await run(['deck', 'decode', 'NOT-A-CODE!'])).code).toBe(1);
    const dir = await mkdtemp(join(tmpdir(), 'deck-'));
    await writeFile(join(dir, 'bad.txt'), '3:01SI015\nthree of them\n');
    const bad = await run(['deck', 'encode', join(dir, 'bad.txt')]);
    expect(bad.code).toBe(1);
    expect(bad.err.join('\n')).toMatch(/line 2: expected count:cardCode/);
  });
});

describe('sightline replay', () => {
  let sim: RunningSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('enables the replay API in a given game.cfg, keeps a backup, and reports it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cfg-'));
    const cfg = join(dir, 'game.cfg');
    await writeFile(cfg, '; comment\n[General]\nEnableReplayApi=0\nWidth=1920\n');
    const enabled = await run(['replay', 'enable', '--cfg', cfg]);
    expect(enabled.code).toBe(0);
    expect(enabled.out.join('\n')).toMatch(/[Rr]estart the replay/);
    expect(await readFile(cfg, 'utf8')).toBe('; comment\n[General]\nEnableReplayApi=1\nWidth=1920\n');
    expect(await readFile(`${cfg}.sightline.bak`, 'utf8')).toBe(
      '; comment\n[General]\nEnableReplayApi=0\nWidth=1920\n',
    );
    expect((await run(['replay', 'status', '--cfg', cfg])).out).toContain(
      'replay API: enabled (EnableReplayApi=1)',
    );
  });

  it('fails clearly for a missing file', async () => {
    const missing = await run(['replay', 'enable', '--cfg', '/nonexistent/game.cfg']);
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toMatch(/game\.cfg/);
  });

  it('pauses and seeks the running replay, trusting only the CA it is given', async () => {
    sim = await startSimulator({
      scenario: parseScenario({ ...smallScenario(), timeScale: 20, replay: { length: 900 } }),
    });
    const dir = await mkdtemp(join(tmpdir(), 'ca-'));
    await writeFile(join(dir, 'ca.pem'), sim.caPem);
    const env = {
      SIGHTLINE_REPLAY_URL: sim.urls.replay,
      SIGHTLINE_LIVE_URL: sim.urls.live,
      SIGHTLINE_LIVE_CA: join(dir, 'ca.pem'),
    };
    expect((await run(['replay', 'pause'], env)).code).toBe(0);
    expect(sim.control.state().replay.playback?.paused).toBe(true);
    expect((await run(['replay', 'seek', '10:30'], env)).code).toBe(0);
    expect(sim.control.state().replay.playback?.time).toBeCloseTo(630, 0);

    const untrusted = await run(['replay', 'pause'], { SIGHTLINE_REPLAY_URL: sim.urls.replay });
    expect(untrusted.code).toBe(1);
    expect(untrusted.err.join('\n')).toMatch(/certificate is not trusted/);
  });
});

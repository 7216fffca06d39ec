import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenarioFile, startSimulator, type RunningSimulator } from '../../../../simulator/index';
import { smallScenario } from '../../../../simulator/simulatorTestKit';
import { runCli } from '../../../../cli/runCli';

// `sightline replay highlights` against the simulated game: a replay watched to its end (scenarios/highlights.json).

const MODULE_URL = new URL('../../../../../out/main/cli.js', import.meta.url).href;
const HIGHLIGHTS_SCENARIO = new URL('../../../../simulator/scenarios/highlights.json', import.meta.url);

let sim: RunningSimulator | undefined;
const folders: string[] = [];
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** The simulator's URLs and CA, as a caster sets them for the command. */
async function simulatorEnv(running: RunningSimulator): Promise<NodeJS.ProcessEnv> {
  const caFile = join(await folder('highlights-ca-'), 'ca.pem');
  await writeFile(caFile, running.caPem);
  return {
    SIGHTLINE_REPLAY_URL: running.urls.replay,
    SIGHTLINE_LIVE_URL: running.urls.live,
    SIGHTLINE_LIVE_CA: caFile,
  };
}

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['replay', 'highlights', ...argv], {
    moduleUrl: MODULE_URL,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err, clips: out.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('sightline replay highlights', () => {
  it('prints one JSON line per merged moment, following the replay’s events', async () => {
    sim = await startSimulator({ scenario: await loadScenarioFile(HIGHLIGHTS_SCENARIO.pathname) });
    const { code, clips, err } = await run([], await simulatorEnv(sim));
    expect(err).toEqual([]);
    expect(code).toBe(0);
    // First blood and the double kill (0:20, 0:24) are one clip; the kill and the stolen baron (1:40, 1:45) another.
    expect(clips.map(({ start, end, file }) => ({ start, end, file }))).toEqual([
      { start: 12, end: 28, file: null },
      { start: 42, end: 54, file: null },
      { start: 72, end: 84, file: null },
      { start: 92, end: 109, file: null },
    ]);
    expect(clips[0]?.event).toMatch(/^Ahri killed Syndra.*first blood.*Ahri killed Vi.*double kill/i);
    expect(clips[3]?.event).toMatch(/Darius killed Garen.*Baron/);
  });

  it('takes the kinds and the margins it is given', async () => {
    sim = await startSimulator({ scenario: await loadScenarioFile(HIGHLIGHTS_SCENARIO.pathname) });
    const only = await run(
      ['--kinds', 'objectives', '--before', '2', '--after', '1'],
      await simulatorEnv(sim),
    );
    expect(only.code).toBe(0);
    expect(only.clips.map(({ start, end }) => [start, end])).toEqual([
      [48, 51],
      [78, 81],
      [103, 106],
    ]);
  });

  it('with --record writes one webm per clip, prints its file, and exits 0', async () => {
    sim = await startSimulator({ scenario: await loadScenarioFile(HIGHLIGHTS_SCENARIO.pathname) });
    const out = await folder('highlights-out-');
    const { code, clips, err } = await run(['--record', out], await simulatorEnv(sim));
    expect(err.filter((line) => line.startsWith('sightline replay highlights:'))).toEqual([]);
    expect(code).toBe(0);
    expect(clips).toHaveLength(4);
    const written = (await readdir(out)).sort();
    expect(written).toEqual([
      'highlight-01-00m12s.webm',
      'highlight-02-00m42s.webm',
      'highlight-03-01m12s.webm',
      'highlight-04-01m32s.webm',
    ]);
    expect(clips.map((clip) => clip.file)).toEqual(written.map((name) => join(out, name)));
    // Each is what the game wrote for that clip's range (the simulator writes a WebM header).
    expect((await readFile(join(out, written[0] ?? ''))).subarray(0, 4)).toEqual(
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    );
    // The last clip was recorded following its sequence: the kill's killer, then the baron's, 3 s ahead of it.
    expect(sim.control.state().replay.sequence?.selectionName).toEqual([
      { time: 92, value: 'NoxianMight', blend: 'snap' },
      { time: 102, value: 'PiltoverFist', blend: 'snap' },
    ]);
  }, 60_000);

  it('exits 1 and names on stderr each clip the game did not record, with a null file in its line', async () => {
    sim = await startSimulator({ scenario: await loadScenarioFile(HIGHLIGHTS_SCENARIO.pathname) });
    await sim.control.setFault('replay', 'server-error', ['/replay/recording']);
    const out = await folder('highlights-failed-');
    const { code, clips, err } = await run(
      ['--record', out, '--kinds', 'objectives'],
      await simulatorEnv(sim),
    );
    expect(code).toBe(1);
    expect(clips.map((clip) => clip.file)).toEqual([null, null, null]);
    const failures = err.filter((line) => line.startsWith('sightline replay highlights: not recorded:'));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatch(/^sightline replay highlights: not recorded: clip 1 \(00:42–00:54\): /);
  });

  it('refuses a live game: highlights are made from replays, never from a game being played', async () => {
    // A live game with a local player, past its loading screen, with the replay API answering beside it.
    const { live, ...rest } = smallScenario();
    sim = await startSimulator({
      scenario: {
        ...rest,
        live: live && { ...live, processStartsAt: 0, loadingSeconds: 0, closesAfterEndSeconds: 3600 },
      },
    });
    const out = await folder('highlights-live-');
    const { code, out: lines, err } = await run(['--record', out], await simulatorEnv(sim));
    expect(code).toBe(1);
    expect(lines).toEqual([]);
    expect(err).toEqual([
      'sightline replay highlights: a live game is running, not a replay — the replay API works only in replays; highlights are made from replays only',
    ]);
    expect(await readdir(out)).toEqual([]);
  });

  it('is bad usage (exit 2) for a kind or a margin that is not one, and asks nothing', async () => {
    const env = { SIGHTLINE_REPLAY_URL: 'https://127.0.0.1:9', SIGHTLINE_LIVE_URL: 'https://127.0.0.1:9' };
    expect((await run(['--kinds', 'pentakills'], env)).code).toBe(2);
    expect((await run(['--before', 'soon'], env)).code).toBe(2);
    expect((await run(['--after', '-3'], env)).code).toBe(2);
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario, startSimulator, type RunningSimulator } from '../simulator/index';
import { smallScenario } from '../simulator/simulatorTestKit';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../simulator/webApi/webApiSimulator';
import { decodeDeckCode, encodeDeckCode } from '../core/features/card/deckCode/deckCode';
import { startStaticHosts } from '../simulator/staticData';
import { pointTmpdirAt } from '../core/tools/testkit/run/runTempFolder';
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
    devTools: () => import('./tools/devTools'),
  });
  return { code, out, err };
}

describe('sightline deck', () => {
  it('decodes a deck code into count:cardCode lines', async () => {
    const { code, out } = await run(['deck', 'decode', OFFICIAL_CODE, '--codes']);
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

  it('encodes count:cardCode lines read from standard input when the file is -', async () => {
    const decoded = await run(['deck', 'decode', OFFICIAL_CODE]);
    const out: string[] = [];
    const code = await runCli(['deck', 'encode', '-'], {
      moduleUrl: MODULE_URL,
      env: {},
      out: (line) => out.push(line),
      err: () => undefined,
      input: () => Readable.from([`${decoded.out.join('\n')}\n`]),
    });
    expect({ code, out }).toEqual({ code: 0, out: [OFFICIAL_CODE] });
  });

  it('prints names, cost and region from the cached card data, cheapest first; --codes keeps count:cardCode', async () => {
    const hosts = await startStaticHosts();
    try {
      const dataDir = await mkdtemp(join(tmpdir(), 'deck-names-'));
      const env = {
        SIGHTLINE_DATA_DIR: dataDir,
        SIGHTLINE_DDRAGON_URL: hosts.urls.ddragon,
        SIGHTLINE_CARD_DATA_URL: hosts.urls.cardData,
        SIGHTLINE_GAME_CONSTANTS_URL: hosts.urls.constants,
      };
      const deck = encodeDeckCode([
        { cardCode: '01DE042', count: 1 },
        { cardCode: '01DE012', count: 3 },
        { cardCode: '01IO012', count: 2 },
      ]);
      if (!deck.ok) throw new Error(deck.error.message);
      const withoutData = await run(['deck', 'decode', deck.value], env);
      expect(withoutData.out.sort()).toEqual(['1:01DE042', '2:01IO012', '3:01DE012']);
      expect(withoutData.err).toEqual([
        'sightline deck: no card data is cached, so cards are shown by code (sightline data sync)',
      ]);

      expect((await run(['data', 'sync', '--locale', 'en_us', '--sets', 'set1'], env)).code).toBe(0);
      const named = await run(['deck', 'decode', deck.value], env);
      expect(named).toMatchObject({
        code: 0,
        out: [
          '2:01IO012 Twin Disciplines (cost 2, Ionia)',
          '3:01DE012 Garen (cost 5, Demacia)',
          '1:01DE042 Judgment (cost 8, Demacia)',
        ],
        err: [],
      });
      expect((await run(['deck', 'decode', deck.value, '--codes'], env)).out.sort()).toEqual(withoutData.out);
      // The named lines read back into the same deck.
      const out: string[] = [];
      await runCli(['deck', 'encode', '-'], {
        moduleUrl: MODULE_URL,
        env,
        out: (line) => out.push(line),
        err: () => undefined,
        input: () => Readable.from([named.out.join('\n')]),
      });
      expect(decodeDeckCode(out[0] ?? '')).toEqual(decodeDeckCode(deck.value));
    } finally {
      await hosts.close();
    }
  }, 60_000);

  it('says a text that is not a deck code is not one, in words', async () => {
    expect(await run(['deck', 'decode', 'HELLOWORLD'])).toMatchObject({
      code: 2,
      err: [
        'sightline deck: This is not a deck code: "HELLOWORLD" does not read as a deck (a code copied from the game starts with C).',
      ],
    });
  });

  it('explains a bad code or a bad line and exits non-zero', async () => {
    expect((await run(['deck', 'decode', 'NOT-A-CODE!'])).code).toBe(2);
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

  it('finds game.cfg inside a game folder or a Config folder given as --cfg, as the app does', async () => {
    const install = join(await mkdtemp(join(tmpdir(), 'cfg-')), 'League of Legends');
    await mkdir(join(install, 'Config'), { recursive: true });
    const cfg = join(install, 'Config', 'game.cfg');
    await writeFile(cfg, '[General]\r\nEnableReplayApi=0\r\n');

    const enabled = await run(['replay', 'enable', '--cfg', install]);
    expect(enabled).toMatchObject({ code: 0, err: [] });
    expect(await readFile(cfg, 'utf8')).toBe('[General]\r\nEnableReplayApi=1\r\n');
    expect(await readFile(`${cfg}.sightline.bak`, 'utf8')).toBe('[General]\r\nEnableReplayApi=0\r\n');

    const status = await run(['replay', 'status', '--cfg', join(install, 'Config')]);
    expect(status.out).toEqual([`game.cfg: ${cfg}`, 'replay API: enabled (EnableReplayApi=1)']);
  });

  it('refuses a game.cfg that links out of the game folder, with the reason, and leaves the target alone', async () => {
    const home = await mkdtemp(join(tmpdir(), 'cfg-'));
    const install = join(home, 'League of Legends');
    await mkdir(join(install, 'Config'), { recursive: true });
    const bashrc = join(home, '.bashrc');
    await writeFile(bashrc, 'alias ll="ls -l"\n');
    await symlink(join('..', '..', '.bashrc'), join(install, 'Config', 'game.cfg'));

    for (const action of ['enable', 'status']) {
      const result = await run(['replay', action, '--cfg', install]);
      expect(result).toMatchObject({ code: 1, out: [] });
      expect(result.err.join('\n')).toContain(
        `sightline replay: ${join(install, 'Config', 'game.cfg')} is a link to ${bashrc}`,
      );
    }
    expect(await readFile(bashrc, 'utf8')).toBe('alias ll="ls -l"\n');
    expect(await readdir(home)).toEqual(['.bashrc', 'League of Legends']);
  });

  it('prints one problem line per finding after the status lines: a key under [HUD], conflicting values', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cfg-'));
    const cfg = join(dir, 'game.cfg');
    await writeFile(
      cfg,
      '[General]\nEnableReplayApi=0\n\n[HUD]\nEnableReplayApi=1\n\n[General]\nEnableReplayApi=1\n',
    );
    const status = await run(['replay', 'status', '--cfg', cfg]);
    expect(status).toMatchObject({ code: 0, err: [] });
    expect(status.out).toEqual([
      `game.cfg: ${cfg}`,
      'replay API: enabled (EnableReplayApi=1)',
      'problem: EnableReplayApi=1 on line 5 is under [HUD], where the game ignores it: it belongs under [General]',
      'problem: EnableReplayApi is set 2 times under [General] with different values (lines 2, 8): the game reads the last, EnableReplayApi=1 on line 8',
    ]);

    await writeFile(cfg, '[General]\nWindowMode=2\n[HUD]\nEnableReplayApi=1\n');
    expect((await run(['replay', 'status', '--cfg', cfg])).out).toEqual([
      `game.cfg: ${cfg}`,
      "replay API: disabled (no EnableReplayApi under [General]: the game's default)",
      'problem: EnableReplayApi=1 on line 4 is under [HUD], where the game ignores it: it belongs under [General]',
    ]);
  });

  it('says where it looked when a folder given as --cfg holds no game.cfg', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'cfg-'));
    const result = await run(['replay', 'enable', '--cfg', empty]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(`no game.cfg in ${empty}; tried ${join(empty, 'game.cfg')}`);
    expect(result.err.join('\n')).toContain(join(empty, 'Config', 'game.cfg'));
  });

  it('calls a bad playback command line bad usage: one line, exit 2, nothing sent', async () => {
    const env = { SIGHTLINE_DATA_DIR: await mkdtemp(join(tmpdir(), 'replay-usage-')) };
    for (const args of [['speed', '100'], ['speed'], ['seek', 'abc'], ['rewind']]) {
      const result = await run(['replay', ...args], env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toEqual([expect.stringMatching(/\(see sightline replay --help\)$/)]);
    }
    expect((await run(['replay', 'speed', '100'], env)).err).toEqual([
      'sightline replay: "100" is not a speed the replay plays at; use 0.25 to 8, e.g. 0.5 or 2 (see sightline replay --help)',
    ]);
  });

  it('fails clearly for a missing file', async () => {
    const missing = await run(['replay', 'enable', '--cfg', '/nonexistent/game.cfg']);
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toMatch(/game\.cfg/);
  });

  it('pauses and seeks the running replay, trusting only the CA it is given', async () => {
    // The replay API is served on the game's port: the game process runs from the start and stays up.
    const { live, ...rest } = smallScenario();
    const running = live && { ...live, processStartsAt: 0, closesAfterEndSeconds: 3600 };
    sim = await startSimulator({
      scenario: parseScenario({ ...rest, live: running, timeScale: 20, replay: { length: 900 } }),
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

describe('the development tools (bench, faults, soak)', () => {
  it('are not in the app: without their own build, each says how to run it from a checkout', async () => {
    const elsewhere = pathToFileURL(
      join(await mkdtemp(join(tmpdir(), 'no-dev-tools-')), 'out', 'main', 'cli.js'),
    );
    for (const command of ['bench', 'faults', 'soak']) {
      const err: string[] = [];
      const code = await runCli([command], {
        moduleUrl: elsewhere.href,
        env: {},
        out: () => undefined,
        err: (line) => err.push(line),
      });
      expect(code).toBe(1);
      expect(err).toEqual([
        `sightline ${command}: a development tool, not part of the app: run \`npm run ${command}\` in a checkout (it builds ${join('out', 'dev-tools', 'devTools.js')} first)`,
      ]);
    }
  });
});

describe('sightline faults', () => {
  it('says what it takes and exits 2 on bad usage, before starting anything', async () => {
    const unknown = await run(['faults', '--service', 'dns']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n')).toBe(
      'sightline faults: --service takes live, card, replay, webApi, staticData, store or signOn, not "dns" (see sightline faults --help)',
    );
    const short = await run(['faults', '--fault-ms', '20']);
    expect(short.code).toBe(2);
    expect(short.err.join('\n')).toMatch(/--fault-ms must be a whole number of milliseconds, at least 1000/);
    expect((await run(['faults', '--verbose'])).code).toBe(2);
  });
});

describe('sightline api', () => {
  let webApi: RunningWebApiSimulator;
  // The commands run in this process and keep the key's limits in the shared folder under TMPDIR: a folder of
  // this block's own, so the pause of years one test leaves there reaches no other file's test on this port.
  let sharedTmp: string;
  let restoreTmpdir: () => void;
  beforeAll(async () => {
    sharedTmp = await mkdtemp(join(tmpdir(), 'sightline-api-shared-'));
    restoreTmpdir = pointTmpdirAt(sharedTmp);
    webApi = await startWebApiSimulator({ appLimits: '20:1,100:10' });
  });
  afterEach(() => webApi.control.reset());
  afterAll(async () => {
    await webApi.close();
    restoreTmpdir();
    await rm(sharedTmp, { recursive: true, force: true });
  });

  /** The environment a user gives the CLI: an empty data folder of its own, the stand-in host, maybe a key. */
  const apiEnv = async (key: string | null, settings?: object): Promise<NodeJS.ProcessEnv> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-api-cli-'));
    if (settings) await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
    return {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      ...(key === null ? {} : { SIGHTLINE_API_KEY: key }),
    };
  };

  it('looks up an account and matches with the key and host from the environment', async () => {
    const env = await apiEnv(SIMULATOR_API_KEY);
    const account = await run(['api', 'account', 'Brightwater#NA1', '--region', 'americas'], env);
    expect(account).toMatchObject({ code: 0, err: [] });
    expect(account.out).toHaveLength(1);
    expect(JSON.parse(account.out[0] ?? '')).toMatchObject({
      gameName: 'Brightwater',
      tagLine: 'NA1',
      region: 'americas',
    });

    const ids = ['NA1_5002000000', 'NA1_5002000001'];
    const matches = await run(['api', 'match', ...ids], env);
    expect(matches.code).toBe(0);
    expect(matches.out.map((line) => JSON.parse(line) as { matchId: string; apiVersion: string })).toEqual(
      ids.map((matchId) => expect.objectContaining({ matchId, apiVersion: 'v5' })),
    );
    expect(
      webApi.control.requests().map(({ endpoint, auth, status }) => ({ endpoint, auth, status })),
    ).toEqual([
      { endpoint: 'account-v1.byRiotId', auth: 'header', status: 200 },
      { endpoint: 'match-v5.match', auth: 'header', status: 200 },
      { endpoint: 'match-v5.match', auth: 'header', status: 200 },
    ]);
  });

  it('follows the saved web API settings: the api_key parameter and the v4 paths', async () => {
    const env = await apiEnv(SIMULATOR_API_KEY, { webApi: { authMode: 'query', apiVersion: 'v4' } });
    const { code, out, err } = await run(['api', 'match', 'EUW1_7101003827'], env);
    expect(code).toBe(0);
    expect(JSON.parse(out[0] ?? '')).toMatchObject({ matchId: 'EUW1_7101003827', apiVersion: 'v4' });
    expect(webApi.control.requests()).toEqual([
      expect.objectContaining({ endpoint: 'match-v4.match', routing: 'euw1', auth: 'query', status: 200 }),
    ]);
    expect(err.join('\n')).not.toContain(SIMULATOR_API_KEY);
  });

  it('ends at once with a clear message when the API asks to wait years', async () => {
    const env = await apiEnv(SIMULATOR_API_KEY);
    webApi.control.rateLimitNext({ type: 'service', retryAfterSeconds: 99_999_999_999 });
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const started = Date.now();
      const { code, out, err } = await run(
        ['api', 'account', 'Brightwater#NA1', '--region', 'americas'],
        env,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect({ code, out, err }).toEqual({
        code: 1,
        out: [],
        err: [
          'sightline api: The web API asked to wait 1157407 days (Retry-After 99999999999 s); Sightline gives up on waits over an hour.',
        ],
      });
      expect(webApi.control.requests()).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    } finally {
      process.off('warning', onWarning);
    }
  }, 8000);

  it('without a key says how to give one, exits non-zero and sends nothing', async () => {
    const env = await apiEnv(null);
    const account = await run(['api', 'account', 'Brightwater#NA1', '--region', 'americas'], env);
    expect(account.code).toBe(2);
    expect(account.out).toEqual([]);
    expect(account.err).toEqual([
      'sightline api: No API key, nothing was sent: set SIGHTLINE_API_KEY to your own key from developer.riotgames.com, or save one in the app.',
    ]);
    // Many matches: the same one line, not one failure per match.
    const matches = await run(['api', 'match', 'NA1_5002000000', 'NA1_5002000001'], env);
    expect(matches).toEqual({ code: 2, out: [], err: account.err });
    expect(webApi.control.requests()).toEqual([]);
  });
});

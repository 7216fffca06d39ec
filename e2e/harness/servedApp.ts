import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServedApp {
  companionUrl: string;
  /** The companion's URL for a page (`/store`, `/settings`…) with its query params, carrying the host token. */
  pageUrl(path: string, params?: Record<string, string>): string;
  overlayUrls: Record<string, string>;
  /** The size `serve` prints beside each overlay's URL: what to give its OBS browser source. */
  overlaySizes: Record<string, { width: number; height: number }>;
  port: number;
  token: string;
  dataDir: string;
  /** Every line `serve` has printed so far (the banner, then payment codes…). */
  output: string[];
  /** Types a line in `serve`'s terminal (its stdin), as the person at it would. */
  type(line: string): void;
  process: ChildProcess;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServeTargets {
  live: string;
  card: string;
  replay: string;
  /** The static data hosts; every test passes them so none reaches the publisher's hosts. */
  ddragon: string;
  cardData: string;
  constants: string;
  caPem: string;
}

/**
 * A data folder of its own for one test, as someone who has been through the first-run guide has it, so the
 * companion's root is the status page. A test that passes SIGHTLINE_DATA_DIR sets up its folder itself: one
 * without settings is a new user's, and gets the guide.
 */
async function freshDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-e2e-'));
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ firstRun: { dismissed: true } }));
  return dataDir;
}

/**
 * Starts the real headless host (`sightline serve`, as tooling would) pointed at the simulator (game
 * clients and static data hosts), trusting the simulator's CA explicitly, and reads the URLs it prints.
 */
export async function serveApp(
  targets: ServeTargets,
  extraEnv: Record<string, string> = {},
  serveArgs: string[] = [],
): Promise<ServedApp> {
  const dataDir = extraEnv.SIGHTLINE_DATA_DIR ?? (await freshDataDir());
  const caFile = join(dataDir, 'simulator-ca.pem');
  await writeFile(caFile, targets.caPem);
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/sightline.mjs'), 'serve', ...serveArgs], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_LIVE_URL: targets.live,
      SIGHTLINE_LIVE_CA: caFile,
      SIGHTLINE_CARD_URL: targets.card,
      SIGHTLINE_REPLAY_URL: targets.replay,
      SIGHTLINE_DDRAGON_URL: targets.ddragon,
      SIGHTLINE_CARD_DATA_URL: targets.cardData,
      SIGHTLINE_GAME_CONSTANTS_URL: targets.constants,
      ...extraEnv,
    },
    // stdin is the terminal's keyboard: a test types `unlock` there as the person at it would.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  if (!child.stdout) throw new Error('serve has no stdout');
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  lines.on('line', (line) => output.push(line));
  const overlayUrls: Record<string, string> = {};
  const overlaySizes: Record<string, { width: number; height: number }> = {};
  const companionUrl = await new Promise<string>((resolve, reject) => {
    let companion: string | null = null;
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URLs in time. stderr: ${stderr}`)),
      15_000,
    );
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    lines.on('line', (line) => {
      const companionMatch = /^companion: (\S+)$/.exec(line);
      const overlayMatch = /^overlay (\S+): (\S+) \((\d+)×(\d+)\)$/.exec(line);
      if (companionMatch?.[1]) companion = companionMatch[1];
      if (overlayMatch?.[1] && overlayMatch[2]) {
        overlayUrls[overlayMatch[1]] = overlayMatch[2];
        overlaySizes[overlayMatch[1]] = { width: Number(overlayMatch[3]), height: Number(overlayMatch[4]) };
      }
      // The status overlay is the last line today; any overlay line after the companion means the banner is out.
      if (companion && overlayMatch) {
        clearTimeout(timer);
        resolve(companion);
      }
    });
  });
  const url = new URL(companionUrl);
  return {
    companionUrl,
    pageUrl: (path, params = {}) => {
      const page = new URL(companionUrl);
      page.pathname = path;
      for (const [name, value] of Object.entries(params)) page.searchParams.set(name, value);
      return page.href;
    },
    overlayUrls,
    overlaySizes,
    port: Number(url.port),
    token: url.searchParams.get('token') ?? '',
    dataDir,
    output,
    type: (line) => void child.stdin?.write(`${line}\n`),
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

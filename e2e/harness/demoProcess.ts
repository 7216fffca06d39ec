import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** `sightline demo --browser --no-open` as a new user runs it (built), and the URLs it prints. */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DemoProcess {
  child: ChildProcess;
  /** The companion page's URL, with its token. */
  companion: string;
  overlays: Record<string, string>;
  /** Every line printed on stdout so far. */
  lines: string[];
  stderr: () => string;
}

/** Starts the demo and waits for the URLs it prints (after its game data download). */
export async function startDemo(env: NodeJS.ProcessEnv): Promise<DemoProcess> {
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin/sightline.mjs'), 'demo', '--browser', '--no-open'],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (!child.stdout) throw new Error('demo has no stdout');
  const output = createInterface({ input: child.stdout });
  const overlays: Record<string, string> = {};
  const lines: string[] = [];
  let companion = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo printed no URLs in time: ${stderr}`)), 45_000);
    child.once('exit', (code) => reject(new Error(`demo exited with ${code}: ${stderr}`)));
    output.on('line', (line) => {
      lines.push(line);
      companion = /^companion: (\S+)$/.exec(line)?.[1] ?? companion;
      const overlay = /^overlay (\S+): (\S+) \(\d+×\d+\)$/.exec(line);
      if (overlay?.[1] && overlay[2]) overlays[overlay[1]] = overlay[2];
      if (overlays.scoreboard && overlays['deck-tracker']) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, companion, overlays, lines, stderr: () => stderr };
}

export function stopDemo(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A companion page of the demo ("/cards"), with the companion's token. */
export function demoPageUrl(demo: DemoProcess, path: string): string {
  const page = new URL(demo.companion);
  page.pathname = path;
  return page.href;
}

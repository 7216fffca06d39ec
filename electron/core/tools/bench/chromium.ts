import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the benches that drive the real renderer in Chromium share: finding the built renderer and a browser. */

const PLAYWRIGHT = 'playwright-core';

/** The built renderer (out/renderer), looked for upwards from this module, built or not. */
export function findRendererDir(from = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    for (const candidate of [join(dir, 'renderer'), join(dir, 'out', 'renderer')]) {
      if (existsSync(join(candidate, 'index.html')) && existsSync(join(candidate, 'assets')))
        return candidate;
    }
    if (dirname(dir) === dir) return null;
  }
}

/** The slices of playwright-core's types the benches use (it is loaded by name, never bundled). */
export interface BenchPage {
  goto(url: string): Promise<unknown>;
  /** Loads the page again, with what its context has cached. */
  reload(): Promise<unknown>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  addInitScript(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface BenchCdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

export interface BenchContext {
  newPage(): Promise<BenchPage>;
  newCDPSession(page: BenchPage): Promise<BenchCdpSession>;
  close(): Promise<void>;
}

type Viewport = { viewport: { width: number; height: number } };

export interface BenchBrowser {
  newPage(options: Viewport): Promise<BenchPage>;
  newContext(options: Viewport): Promise<BenchContext>;
  close(): Promise<void>;
}

/** Chromium through playwright-core (SIGHTLINE_CHROMIUM, else /usr/bin/chromium), or null when either is missing. */
export async function launchChromium(): Promise<BenchBrowser | null> {
  const executablePath = process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  try {
    // Loaded by name at run time: a development tool, never bundled into the app.
    const playwright = (await import(/* @vite-ignore */ PLAYWRIGHT)) as {
      chromium: { launch(options: { executablePath: string; args: string[] }): Promise<BenchBrowser> };
    };
    return await playwright.chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  } catch {
    return null;
  }
}

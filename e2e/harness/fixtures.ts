import { expect, test as base, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  loadScenarioFile,
  startSimulator,
  type RunningSimulator,
  type Scenario,
  type SimulatorOptions,
} from '../../electron/simulator/index';
import { serveApp, type ServedApp } from './servedApp';

export interface Stack {
  simulator: RunningSimulator;
  app: ServedApp;
}

export function scenarioPath(name: string): string {
  return fileURLToPath(new URL(`../../electron/simulator/scenarios/${name}.json`, import.meta.url));
}

/**
 * The simulator of every outside service plus the real headless host pointed at it (`serveArgs` added to `serve`).
 * `scenario` is a file's name under electron/simulator/scenarios/, or a scenario a test made from one.
 */
export async function startStack(
  scenario: string | Scenario,
  extraEnv: Record<string, string> = {},
  simulatorOptions: Omit<SimulatorOptions, 'scenario'> = {},
  serveArgs: string[] = [],
): Promise<Stack> {
  const simulator = await startSimulator({
    ...simulatorOptions,
    scenario: typeof scenario === 'string' ? await loadScenarioFile(scenarioPath(scenario)) : scenario,
  });
  const app = await serveApp(
    {
      live: simulator.urls.live,
      card: simulator.urls.card,
      replay: simulator.urls.replay,
      ddragon: simulator.urls.ddragon,
      cardData: simulator.urls.cardData,
      constants: simulator.urls.constants,
      caPem: simulator.caPem,
    },
    extraEnv,
    serveArgs,
  );
  return { simulator, app };
}

export async function stopStack(stack: Stack | undefined): Promise<void> {
  if (!stack) return;
  await stack.app.stop();
  await stack.simulator.close();
}

/** Collects every WebSocket frame the host sends to `page`: what the core pushed, never what the page sent. */
export function recordHostFrames(page: Page, frames: string[]): void {
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
}

/** Counts the state patches the host pushes `page` from now on (set before the page opens). */
export function countPatches(page: Page): () => number {
  const frames: string[] = [];
  recordHostFrames(page, frames);
  return () => frames.filter((frame) => frame.includes('"kind":"patch"')).length;
}

/**
 * The Data page's sync, as a user would run it: the arena data, and of the card sets only `sets` (set1 and set9
 * are the ones the simulated host publishes). Opens the page in `page`; returns once the sync says it is up to
 * date.
 */
export async function syncStaticData(page: Page, app: ServedApp, sets: string[] = ['set1']): Promise<void> {
  await page.goto(app.pageUrl('/data'));
  await page.getByTestId('sync-sets-none').click();
  for (const set of sets) await page.getByTestId(`sync-set-${set}`).click();
  await page.getByTestId('sync-start').click();
  await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 30_000 });
}

export const test = base;
export { expect };

/** The simulator's scenario time moved on to `seconds`, from wherever an earlier test left it (never back). */
export async function advanceScenarioTo(simulator: RunningSimulator, seconds: number): Promise<void> {
  const { control } = simulator;
  const now = control.state().scenarioTime;
  if (seconds > now) await control.advance(seconds - now);
}

/**
 * One stack for the tests of a file: `start` runs before the first, the stack stops after the last. The function
 * returned hands it to a test, or says it did not start.
 */
export function stackForTests(start: () => Promise<Stack>): () => Stack {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    stack = await start();
  });
  test.afterAll(() => stopStack(stack));
  return () => {
    if (!stack) throw new Error('the stack did not start');
    return stack;
  };
}

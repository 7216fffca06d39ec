import { test as base, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  loadScenarioFile,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../simulator/index';
import { serveApp, type ServedApp } from './servedApp';

export interface Stack {
  simulator: RunningSimulator;
  app: ServedApp;
}

export function scenarioPath(name: string): string {
  return fileURLToPath(new URL(`../simulator/scenarios/${name}.json`, import.meta.url));
}

/** The simulator of every outside service plus the real headless host pointed at it. */
export async function startStack(
  scenario: string,
  extraEnv: Record<string, string> = {},
  simulatorOptions: Omit<SimulatorOptions, 'scenario'> = {},
): Promise<Stack> {
  const simulator = await startSimulator({
    ...simulatorOptions,
    scenario: await loadScenarioFile(scenarioPath(scenario)),
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

export const test = base;
export { expect } from '@playwright/test';

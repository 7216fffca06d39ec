import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { scenarioPath } from '../harness/fixtures';

/** Helpers for the live scoreboard specs: expected figures from a scenario, and DOM probes. */

interface ScenarioEvent {
  EventName: string;
  EventTime: number;
  KillerName?: string;
  VictimName?: string;
  Assisters?: string[];
}

export function scenarioEvents(name: string): ScenarioEvent[] {
  const scenario = JSON.parse(readFileSync(scenarioPath(name), 'utf8')) as {
    live: { events: ScenarioEvent[] };
  };
  return scenario.live.events;
}

/** K / D / A of a player at a game time, as the scoreboard writes it. */
export function expectedKda(events: ScenarioEvent[], player: string, gameTime: number): string {
  const kills = events.filter((event) => event.EventName === 'ChampionKill' && event.EventTime <= gameTime);
  const count = (test: (event: ScenarioEvent) => boolean) => kills.filter(test).length;
  return [
    count((event) => event.KillerName === player),
    count((event) => event.VictimName === player),
    count((event) => event.Assisters?.includes(player) ?? false),
  ].join(' / ');
}

export function kdaOf(page: Page, player: string) {
  return page.locator(`[data-testid="player-row"][data-player="${player}"] [data-testid="player-kda"]`);
}

export function wardsOf(page: Page, player: string) {
  return page.locator(`[data-testid="player-row"][data-player="${player}"] [data-testid="player-wards"]`);
}

/** Records every data-phase the scoreboard shows, so a test can check the order of the states. */
export async function recordPhases(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phases: string[] }).phases = seen;
    const note = () => {
      const phase = document.querySelector('[data-testid="scoreboard"]')?.getAttribute('data-phase');
      if (phase && seen.at(-1) !== phase) seen.push(phase);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
}

export function phasesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { phases: string[] }).phases);
}

/** Alpha of a corner pixel of a screenshot, decoded by the browser itself. */
export function cornerAlpha(page: Page, png: Buffer): Promise<number> {
  return screenshotAlpha(page, png, 'corner');
}

/** The highest alpha of any pixel of a screenshot: 0 when the page painted nothing at all. */
export function maxAlpha(page: Page, png: Buffer): Promise<number> {
  return screenshotAlpha(page, png, 'any');
}

async function screenshotAlpha(page: Page, png: Buffer, pixel: 'corner' | 'any'): Promise<number> {
  return page.evaluate(
    async ([base64, which]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.drawImage(image, 0, 0);
      if (which === 'corner')
        return context.getImageData(image.width - 1, image.height - 1, 1, 1).data[3] ?? -1;
      const data = context.getImageData(0, 0, image.width, image.height).data;
      let max = 0;
      for (let index = 3; index < data.length; index += 4) max = Math.max(max, data[index] ?? 0);
      return max;
    },
    [png.toString('base64'), pixel] as const,
  );
}

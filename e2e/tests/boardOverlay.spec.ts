import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  expect,
  scenarioPath,
  startStack,
  stopStack,
  syncStaticData,
  test,
  type Stack,
} from '../harness/fixtures';
import { shootPage } from '../harness/pageShots';
import type { CardRectangle, CardScenario, CardScreen } from '../../electron/simulator/cardScenario';

/**
 * The board overlay end to end: the simulator's card client shows one game at three screen sizes
 * (card-board.json), the real headless host reads it, and /overlay/board, at the client's size, puts a label
 * over every card the player can read and none over the face-down ones nor the opponent's hand.
 */

test.describe.configure({ mode: 'serial' });

interface Frame {
  at: number;
  screen: CardScreen;
  rectangles: CardRectangle[];
}

/** The scripted frames, read from the scenario the simulator plays (each game step names its screen). */
async function scriptedFrames(): Promise<Frame[]> {
  const scenario = JSON.parse(await readFile(scenarioPath('card-board'), 'utf8')) as { card: CardScenario };
  return scenario.card.timeline.flatMap((step) =>
    step.kind === 'game' && step.Screen
      ? [{ at: step.at, screen: step.Screen, rectangles: step.Rectangles }]
      : [],
  );
}

/** Face-down cards and the opponent's hand (its top edge in the top tenth of the client): never labelled. */
function hiddenFromPlayer(rectangle: CardRectangle, screen: CardScreen): boolean {
  return (
    rectangle.CardCode === 'face' ||
    (!rectangle.LocalPlayer && rectangle.TopLeftY >= screen.ScreenHeight * 0.9)
  );
}

let stack: Stack | undefined;
test.beforeAll(async () => {
  stack = await startStack('card-board');
});
test.afterAll(() => stopStack(stack));

test('labels every readable card where the client draws it, at 1920×1080, 2560×1440 and 1280×720', async ({
  page,
}) => {
  test.setTimeout(90_000);
  if (!stack) throw new Error('the stack did not start');
  const frames = await scriptedFrames();
  expect(frames.map((frame) => frame.screen.ScreenWidth)).toEqual([1920, 2560, 1280]);
  // The card data, as the Data page syncs it: the labels give names and costs, not codes.
  await syncStaticData(page, stack.app);
  let scenarioTime = 0;
  for (const frame of frames) {
    const { ScreenWidth: width, ScreenHeight: height } = frame.screen;
    await stack.simulator.control.advance(frame.at - scenarioTime);
    scenarioTime = frame.at;
    await page.setViewportSize({ width, height });
    await page.goto(stack.app.pageUrl('/overlay/board'));
    const shown = frame.rectangles.filter((rectangle) => !hiddenFromPlayer(rectangle, frame.screen));
    const hidden = frame.rectangles.filter((rectangle) => hiddenFromPlayer(rectangle, frame.screen));
    expect(hidden.filter((rectangle) => rectangle.CardCode !== 'face').length).toBeGreaterThan(0);
    const labels = page.getByTestId('board-label');
    // The host polls once a second: wait for this frame's cards (the new one at 2560×1440) to be drawn.
    await expect(
      page.locator(`[data-testid="board-label"][data-card-id="${shown.at(-1)?.CardID}"]`),
    ).toBeVisible();
    await expect(labels).toHaveCount(shown.length);
    await expect(page.getByTestId('legal-footer')).toBeVisible();
    await expect(page.locator('[data-testid="board-label"][data-card-id="70107"]')).toHaveText('5Garen');

    await expectLabelsOver(page, shown, frame.screen);
    for (const rectangle of hidden)
      await expect(
        page.locator(`[data-testid="board-label"][data-card-id="${rectangle.CardID}"]`),
      ).toHaveCount(0);

    // The opponent's second unit reached the board in the 2560×1440 frame: it is marked from then on.
    const marked = page.locator('[data-testid="board-label"][data-just-played]');
    if (width === 1920) await expect(marked).toHaveAttribute('data-card-id', '80201');
    else await expect(marked).toHaveAttribute('data-card-id', '80209');
    await expect(marked).toHaveCount(1);

    expect(
      await page.evaluate(() => [
        getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
      ]),
    ).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    await shootPage(page, `board-overlay-${width}`);

    // The source left at its printed 1920×1080 over a game at another size (OBS scales the capture to the
    // scene): the labels scale with it.
    if (width !== 1920) {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expectLabelsOver(page, shown, frame.screen);
    }
  }
});

/**
 * Each card's label has its centre inside the card's rectangle, turned top-left and scaled to the page, and is put
 * there by its transform alone (its box stays at the page's top left): the board's cards shift a slot whenever
 * one is played, and a label moved by `left` or `top` is laid out again where a moved transform is only repainted.
 */
async function expectLabelsOver(page: Page, shown: CardRectangle[], screen: CardScreen): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport');
  const scaleX = viewport.width / screen.ScreenWidth;
  const scaleY = viewport.height / screen.ScreenHeight;
  const where = `at ${screen.ScreenWidth}×${screen.ScreenHeight} on a ${viewport.width}×${viewport.height} page`;
  for (const rectangle of shown) {
    const box = await page
      .locator(`[data-testid="board-label"][data-card-id="${rectangle.CardID}"]`)
      .boundingBox();
    if (!box) throw new Error(`no label for card ${rectangle.CardID}`);
    // The client measures Y from the bottom edge up to the card's top.
    const left = rectangle.TopLeftX * scaleX;
    const top = (screen.ScreenHeight - rectangle.TopLeftY) * scaleY;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const card = `card ${rectangle.CardID} ${where}`;
    const laidOutAt = await page
      .locator(`[data-testid="board-label"][data-card-id="${rectangle.CardID}"]`)
      .evaluate((label: HTMLElement) => [label.offsetLeft, label.offsetTop]);
    expect(laidOutAt, card).toEqual([0, 0]);
    expect(centre.x, card).toBeGreaterThanOrEqual(left);
    expect(centre.x, card).toBeLessThanOrEqual(left + rectangle.Width * scaleX);
    expect(centre.y, card).toBeGreaterThanOrEqual(top);
    expect(centre.y, card).toBeLessThanOrEqual(top + rectangle.Height * scaleY);
  }
}

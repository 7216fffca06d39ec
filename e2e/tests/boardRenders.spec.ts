import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { WATCH_WRITES, writesOf } from '../harness/pageWrites';
import { commitsOf, since, WATCH_RENDERS } from '../harness/reactRenders';
import { cardScenarioAfter } from '../harness/cardScenarios';

/**
 * What the board overlay does when a card leaves the board: that label goes, and nothing else is written or
 * rendered. The board's cards are sent by card id, so the cards that stay are not in the patch, and the labels'
 * writer touches only the labels whose card changed.
 */

/** The card the scenario takes off the board at 15 s (Garen, labelled in the 10 s frame). */
const LEAVING = 70107;

let stack: Stack | undefined;

/** card-board.json, with its 10 s frame shown again at 15 s without one card. */
const scenarioWithCardLeaving = () =>
  cardScenarioAfter(
    'card-board',
    10,
    (at10) => [
      {
        ...at10,
        at: 15,
        Rectangles: at10.Rectangles.filter((rectangle) => rectangle.CardID !== LEAVING),
      },
    ],
    'board-renders',
  );

test.beforeAll(async () => {
  // Scenario time stands still between steps: polls go on, with the same frames.
  stack = await startStack(await scenarioWithCardLeaving(), {}, { now: () => 0 });
});
test.afterAll(() => stopStack(stack));

test('a card leaving the board removes its label and writes no other', async ({ page }) => {
  test.setTimeout(120_000);
  if (!stack) throw new Error('the stack did not start');
  const { simulator, app } = stack;
  await simulator.control.advance(10);
  await page.setViewportSize({ width: 960, height: 540 });
  await page.addInitScript(WATCH_RENDERS);
  await page.addInitScript(WATCH_WRITES);
  await page.goto(app.pageUrl('/overlay/board'));
  const leaving = page.locator(`[data-testid="board-label"][data-card-id="${LEAVING}"]`);
  await expect(leaving).toBeVisible();
  const labels = await page.getByTestId('board-label').count();
  // Two polls of the same frame: nothing more.
  await page.waitForTimeout(2500);
  const [before, commits] = [await writesOf(page), await commitsOf(page)];

  await simulator.control.advance(5);
  await expect(leaving).toHaveCount(0);
  await expect(page.getByTestId('board-label')).toHaveCount(labels - 1);

  expect(since(before, await writesOf(page))).toEqual({ [`-board-label#${LEAVING}`]: 1 });
  expect(await commitsOf(page)).toBe(commits);
});

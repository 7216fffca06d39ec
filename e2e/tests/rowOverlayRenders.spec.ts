import type { Page } from '@playwright/test';
import { expect, stackForTests, startStack, test } from '../harness/fixtures';
import { WATCH_WRITES, writesOf } from '../harness/pageWrites';
import { commitsOf, since, WATCH_RENDERS } from '../harness/reactRenders';
import { cardScenarioAfter, rectangleOf } from '../harness/cardScenarios';
import type { CardRectangle } from '../../electron/simulator/cardScenario';

/**
 * What the card overlays do when a card is played or drawn: no React render at all, and writes to the page only
 * where something changed (the row of that card, a row it takes the light from, the totals). A render, or a list
 * written whole, costs every source showing it more than the frame that shows the card.
 *
 * React's commits are watched as `WATCH_RENDERS` says, the page's writes as `WATCH_WRITES` does.
 */

/**
 * card-tracker.json, with the opponent playing a second copy of 01NX004 at 65 s (a count raised, no row added),
 * then at 67 s a card not seen before (a row added) while the player draws a second 01DE001.
 */
function scenarioWithSecondCopy() {
  return cardScenarioAfter(
    'card-tracker',
    60,
    (at60) => {
      // The opponent's 01NX004.
      const first = rectangleOf(at60, 201);
      const secondCopy: CardRectangle = { ...first, CardID: 203, TopLeftX: first.TopLeftX + 260 };
      const at65 = { ...at60, at: 65, Rectangles: [...at60.Rectangles, secondCopy] };
      const newCard: CardRectangle = {
        ...first,
        CardID: 204,
        CardCode: '01NX030',
        TopLeftX: first.TopLeftX + 520,
      };
      const drawn: CardRectangle = {
        CardID: 109,
        CardCode: '01DE001',
        TopLeftX: 1120,
        TopLeftY: 250,
        Width: 180,
        Height: 270,
        LocalPlayer: true,
      };
      return [at65, { ...at65, at: 67, Rectangles: [...at65.Rectangles, newCard, drawn] }];
    },
    'row-overlay-renders',
  );
}

const running = stackForTests(async () => {
  // Scenario time stands still between steps: polls go on, with the same frames.
  return startStack(await scenarioWithSecondCopy(), {}, { now: () => 0 });
});

async function watch(page: Page, route: string): Promise<void> {
  await page.setViewportSize({ width: 340, height: 640 });
  await page.addInitScript(WATCH_RENDERS);
  await page.addInitScript(WATCH_WRITES);
  await page.goto(running().app.pageUrl(`/overlay/${route}`));
}

test('a second copy played writes its row and the total, nothing else, and renders nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { simulator } = running();
  await simulator.control.advance(60);
  await watch(page, 'opponent-cards');
  await expect(page.getByTestId('opponent-row-01NX020')).toBeVisible();
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('2 cards seen');
  // Two polls of the same frame: nothing more.
  await page.waitForTimeout(2500);
  const [writesBefore, commitsBefore] = [await writesOf(page), await commitsOf(page)];

  await simulator.control.advance(5);
  await expect(page.getByTestId('opponent-row-01NX004')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('opponent-row-01NX004')).toHaveClass(/fresh/);
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('3 cards seen');
  // What the change shows stays as it was: the same rows, the same order.
  await expect(page.locator('.card-row')).toHaveCount(2);
  await expect(page.getByTestId('opponent-row-01NX020')).not.toHaveClass(/fresh/);

  // The page opened after 01NX020 was played: it was never lit, and has nothing to draw again.
  expect(Object.keys(since(writesBefore, await writesOf(page))).sort()).toEqual([
    'opponent-cards-seen',
    'opponent-row-01NX004',
  ]);
  expect(await commitsOf(page)).toBe(commitsBefore);
});

test('a new card played adds its row and a card drawn writes its counts, each in place: nothing renders', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { simulator } = running();
  // Where the test above left the game: 65 s, the second 01NX004 on the board, lit.
  const deckPage = await context.newPage();
  await watch(page, 'opponent-cards');
  await watch(deckPage, 'deck-tracker');
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('3 cards seen');
  await expect(deckPage.getByTestId('deck-row-01DE001')).toHaveAttribute('data-count', '2');
  await page.waitForTimeout(2500);
  const [opponentBefore, deckBefore] = [await writesOf(page), await writesOf(deckPage)];
  const [opponentCommits, deckCommits] = [await commitsOf(page), await commitsOf(deckPage)];

  await simulator.control.advance(2);
  await expect(page.getByTestId('opponent-row-01NX030')).toHaveClass(/fresh/);
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('4 cards seen');
  await expect(page.locator('.card-row')).toHaveCount(3);
  const drawnRow = deckPage.getByTestId('deck-row-01DE001');
  await expect(drawnRow).toHaveAttribute('data-count', '1');
  await expect(drawnRow.locator('.card-count')).toHaveText('1');
  await expect(drawnRow.locator('.card-count')).toHaveAttribute('title', /^1 of \d left in the deck$/);
  await expect(deckPage.getByTestId('deck-in-hand')).toHaveText('6 in hand');

  // The new row is added; no other row is touched.
  expect(Object.keys(since(opponentBefore, await writesOf(page))).sort()).toEqual([
    '+opponent-row-01NX030',
    'opponent-cards-seen',
  ]);
  // A card drawn writes its row's count and the figures.
  expect(Object.keys(since(deckBefore, await writesOf(deckPage))).sort()).toEqual([
    'deck-cards-left',
    'deck-drawn',
    'deck-in-hand',
    'deck-row-01DE001',
  ]);
  expect([await commitsOf(page), await commitsOf(deckPage)]).toEqual([opponentCommits, deckCommits]);
});

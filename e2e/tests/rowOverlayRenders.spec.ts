import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { commitsOf, rendersOf, since, WATCH_RENDERS } from '../harness/reactRenders';
import { cardScenarioAfter } from '../harness/cardScenarios';
import type { CardRectangle } from '../../electron/simulator/cardScenario';

/**
 * What the opponent's cards overlay renders when the opponent plays: the row of that card (and of a card it takes
 * the light from) and the total, not the panel nor the list around them. A panel that renders walks every row of
 * the list again, each card the opponent plays, in every source showing it.
 *
 * React's commits are watched as `WATCH_RENDERS` says.
 */

let stack: Stack | undefined;

/**
 * card-tracker.json, with the opponent playing a second copy of 01NX004 at 65 s (a count raised, no row added),
 * then at 67 s a card not seen before (a row added) while the player draws a second 01DE001.
 */
function scenarioWithSecondCopy() {
  return cardScenarioAfter(
    'card-tracker',
    60,
    (at60) => {
      const first = at60.Rectangles.find((rectangle) => rectangle.CardID === 201);
      if (!first) throw new Error('card-tracker.json has no 01NX004 at 60 s');
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

test.beforeAll(async () => {
  // Scenario time stands still between steps: polls go on, with the same frames.
  stack = await startStack(await scenarioWithSecondCopy(), {}, { now: () => 0 });
});
test.afterAll(() => stopStack(stack));

function running(): Stack {
  if (!stack) throw new Error('the stack did not start');
  return stack;
}

test('a second copy played renders its row and the total, not the panel nor the other rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { simulator, app } = running();
  await simulator.control.advance(60);
  await page.setViewportSize({ width: 340, height: 640 });
  await page.addInitScript(WATCH_RENDERS);
  await page.goto(app.pageUrl('/overlay/opponent-cards'));
  await expect(page.getByTestId('opponent-row-01NX020')).toBeVisible();
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('2 cards seen');
  // Two polls of the same frame: nothing more.
  await page.waitForTimeout(2500);
  const before = await rendersOf(page);

  await simulator.control.advance(5);
  await expect(page.getByTestId('opponent-row-01NX004')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('opponent-row-01NX004')).toHaveClass(/fresh/);
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('3 cards seen');
  // What the change shows stays as it was: the same rows, the same order.
  await expect(page.locator('.card-row')).toHaveCount(2);
  await expect(page.getByTestId('opponent-row-01NX020')).not.toHaveClass(/fresh/);

  const rendered = since(before, await rendersOf(page));
  // The page opened after 01NX020 was played: it was never lit, and has nothing to draw again.
  expect(rendered).toEqual({ 'opponent-row-01NX004': 1, 'opponent-cards-seen': 1 });
});

test('a new card played renders the list and the total, not the panel; a card drawn renders nothing, its counts written in place', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { simulator, app } = running();
  // Where the test above left the game: 65 s, the second 01NX004 on the board.
  const deckPage = await context.newPage();
  for (const [each, route] of [
    [page, 'opponent-cards'],
    [deckPage, 'deck-tracker'],
  ] as const) {
    await each.setViewportSize({ width: 340, height: 640 });
    await each.addInitScript(WATCH_RENDERS);
    await each.goto(app.pageUrl(`/overlay/${route}`));
  }
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('3 cards seen');
  await expect(deckPage.getByTestId('deck-row-01DE001')).toHaveAttribute('data-count', '2');
  await page.waitForTimeout(2500);
  const [opponentBefore, deckBefore] = [await rendersOf(page), await rendersOf(deckPage)];
  const deckCommitsBefore = await commitsOf(deckPage);

  await simulator.control.advance(2);
  await expect(page.getByTestId('opponent-row-01NX030')).toHaveClass(/fresh/);
  await expect(page.getByTestId('opponent-cards-seen')).toHaveText('4 cards seen');
  await expect(page.locator('.card-row')).toHaveCount(3);
  const drawnRow = deckPage.getByTestId('deck-row-01DE001');
  await expect(drawnRow).toHaveAttribute('data-count', '1');
  await expect(drawnRow.locator('.card-count')).toHaveText('1');
  await expect(drawnRow.locator('.card-count')).toHaveAttribute('title', /^1 of \d left in the deck$/);
  await expect(deckPage.getByTestId('deck-in-hand')).toHaveText('6 in hand');

  // The new row is mounted, not rendered again; the panel around the list keeps what it drew.
  expect(since(opponentBefore, await rendersOf(page))).toEqual({ 'opponent-cards-seen': 1 });
  // A card drawn renders nothing: its row's count and the figures are written in place.
  expect(since(deckBefore, await rendersOf(deckPage))).toEqual({});
  expect(await commitsOf(deckPage)).toBe(deckCommitsBefore);
});

import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

test('screenshots', async ({ page }) => {
  const stack: Stack = await startStack('full-game');
  try {
    const url = new URL(stack.app.companionUrl);
    url.pathname = '/replay';
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto(url.toString());
    await expect(page.getByTestId('replay-play-pause')).toBeEnabled();
    await stack.simulator.control.advance(230);
    await page.waitForTimeout(2500);
    await page.getByTestId('camera-follow').selectOption('GetExcited');
    await page.getByTestId('sequence-capture-camera').click();
    await page.getByTestId('replay-skip-forward-30').click();
    await page.waitForTimeout(800);
    await page.getByTestId('sequence-capture-camera').click();
    await page.getByTestId('sequence-name').fill('Opening shot');
    await page.getByTestId('sequence-save').click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: '/tmp/shots/replay-full.png', fullPage: true });
    await page.screenshot({ path: '/tmp/shots/replay-top.png' });
    url.pathname = '/panel/caster';
    await page.setViewportSize({ width: 520, height: 210 });
    await page.goto(url.toString());
    await expect(page.getByTestId('replay-play-pause')).toBeEnabled();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/shots/caster.png' });
  } finally {
    await stopStack(stack);
  }
  const disabled = await startStack('replay-disabled');
  try {
    const url = new URL(disabled.app.companionUrl);
    url.pathname = '/replay';
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto(url.toString());
    await expect(page.getByTestId('replay-diagnostic')).toContainText('disabled');
    await page.waitForTimeout(800);
    await page.screenshot({ path: '/tmp/shots/disabled.png' });
  } finally {
    await stopStack(disabled);
  }
});

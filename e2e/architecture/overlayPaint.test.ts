import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * The overlays' stylesheets, drawn in OBS beside the game on every update: nothing in them may make the
 * browser repaint frame after frame. An animated shadow, filter or border repaints its box every frame of the
 * animation; opacity and transform are the compositor's. A drop-shadow filter re-runs on every repaint of the
 * card rows, which change with every card drawn or played.
 */
const OVERLAY_STYLESHEETS = [
  'renderer/src/features/card/deckTracker.css',
  'renderer/src/features/live/scoreboard.css',
];
const COMPOSITED = new Set(['opacity', 'transform']);

/** The properties every `transition` declaration of a stylesheet animates. */
function transitioned(css: string): string[] {
  return [...css.matchAll(/(?:^|[;{\s])transition(?:-property)?\s*:\s*([^;}]*)/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''),
  );
}

/** The value a stylesheet's own rule for exactly `selector` gives `property`, or undefined. */
function declared(css: string, selector: string, property: string): string | undefined {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return new RegExp(`(?:^|[;\\s])${property}\\s*:\\s*([^;]*)`).exec(rule)?.[1]?.trim();
}

/** What `contain` says for the rule with exactly this selector, `strict` spelled out. */
function containOf(css: string, selector: string): string[] {
  const contain = declared(css, selector, 'contain')?.split(/\s+/) ?? [];
  return contain.flatMap((value) => (value === 'strict' ? ['size', 'layout', 'paint', 'style'] : [value]));
}

describe('overlay stylesheets', () => {
  it.each(OVERLAY_STYLESHEETS)('%s animates only opacity and transform', async (file) => {
    const css = await readFile(file, 'utf8');
    expect(transitioned(css).filter((property) => !COMPOSITED.has(property))).toEqual([]);
    expect(css).not.toMatch(/animation\s*:/);
  });

  it('the card rows animate nothing (each fade costs frames and transition events in every source)', async () => {
    const css = await readFile('renderer/src/features/card/deckTracker.css', 'utf8');
    expect(transitioned(css)).toEqual([]);
  });

  it('each card row is laid out and painted on its own (a changed row or one added leaves the others be)', async () => {
    const css = await readFile('renderer/src/features/card/deckTracker.css', 'utf8');
    // Size as well as layout: only a box whose size does not hang on its content is laid out alone.
    expect(containOf(css, '.card-row')).toEqual(expect.arrayContaining(['size', 'layout', 'paint']));
    // The browser lays out a grid's or a flex container's item only with its container (the whole list).
    expect(declared(css, '.card-list', 'display')).toBe('block');
  });

  it.each([
    ['renderer/src/features/live/scoreboard.css', '.bar-player', ['layout', 'paint']],
    ['renderer/src/features/live/scoreboard.css', '.bar-team', ['layout', 'paint']],
    ['renderer/src/features/live/scoreboard.css', '.bar-clock', ['layout', 'paint']],
    ['renderer/src/features/live/scoreboard.css', '.portrait-respawn', ['layout', 'paint']],
    // Painted apart only: laid out apart, the time would lose the baseline the phase's word is aligned on.
    ['renderer/src/styles.css', '.overlay-card .game-clock .time', ['paint']],
  ])(
    '%s: %s is kept to itself (contain: %j), so a clock turning leaves the rest of the overlay be',
    async (file, selector, contained) => {
      expect(containOf(await readFile(file, 'utf8'), selector)).toEqual(expect.arrayContaining(contained));
    },
  );

  it('the card rows carry no drop-shadow filter', async () => {
    expect(await readFile('renderer/src/features/card/deckTracker.css', 'utf8')).not.toContain('drop-shadow');
  });
});

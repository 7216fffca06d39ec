import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The smallest text size the legal line may be drawn at, on any overlay at any size and scale. */
const LEGAL_MIN_PX = 11;

type Box = { left: number; top: number; right: number; bottom: number };

export interface LegalLine {
  /** Its font size as drawn: the computed size times the scale of the widget it is in. */
  drawnFontPx: number;
  box: Box;
  viewport: { width: number; height: number };
  /** The overlay content it shares a widget with (the bar, the feed, a deck column), as drawn. */
  content: Box[];
}

/** The page's legal line as drawn, beside the content drawn in the same widget. */
export async function legalLine(page: Page): Promise<LegalLine> {
  const legal = page.getByTestId('legal-footer');
  await expect(legal).toBeVisible();
  return legal.evaluate((node) => {
    const element = node as HTMLElement;
    const rect = element.getBoundingClientRect();
    const box = ({ left, top, right, bottom }: DOMRect) => ({ left, top, right, bottom });
    // A box that lays out as if it were not there (display: contents) is not the widget the line sits in.
    let placed: Element = element;
    while (placed.parentElement && getComputedStyle(placed.parentElement).display === 'contents')
      placed = placed.parentElement;
    const siblings = Array.from(placed.parentElement?.children ?? []).filter((child) => child !== placed);
    let scale = 1;
    for (let at: Element | null = element; at; at = at.parentElement) {
      const transform = getComputedStyle(at).transform;
      if (transform !== 'none') scale *= new DOMMatrix(transform).d;
    }
    return {
      drawnFontPx: parseFloat(getComputedStyle(element).fontSize) * scale,
      box: box(rect),
      viewport: { width: window.innerWidth, height: window.innerHeight },
      content: siblings.map((child) => box(child.getBoundingClientRect())),
    };
  });
}

/** The legal line is legible, inside the source, and clear of the content it goes with. */
export function expectLegible(line: LegalLine, name: string): void {
  // Less a rounding of the computed size (it is kept to a few decimals).
  expect(line.drawnFontPx, name).toBeGreaterThanOrEqual(LEGAL_MIN_PX - 0.001);
  expect(line.box.bottom - line.box.top, name).toBeGreaterThanOrEqual(LEGAL_MIN_PX);
  expect(line.box.left, name).toBeGreaterThanOrEqual(0);
  expect(line.box.top, name).toBeGreaterThanOrEqual(0);
  expect(line.box.right, name).toBeLessThanOrEqual(line.viewport.width + 0.5);
  expect(line.box.bottom, name).toBeLessThanOrEqual(line.viewport.height + 0.5);
  for (const content of line.content) {
    const overlaps =
      line.box.left < content.right - 0.5 &&
      content.left < line.box.right - 0.5 &&
      line.box.top < content.bottom - 0.5 &&
      content.top < line.box.bottom - 0.5;
    expect(overlaps, `${name}: the legal line covers the overlay's content`).toBe(false);
  }
}

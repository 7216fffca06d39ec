/**
 * Free placement of the arena widgets (the scoreboard bar and the event feed) on the overlay's screen: a box
 * in fractions of the screen, so one layout fits a 1920×1080 window, a 1280×720 OBS source and the OBS page's
 * small 16:9 editor alike. The widget is scaled to fit inside its box and leans to the box's side nearest
 * the screen's edge (a feed in the lower half grows upward). Plain module: overlay code imports it.
 */

/** A corner or edge of the screen, as the anchored overlays name it (live.ts's OverlayAnchor, which imports this). */
type Anchor = `${'top' | 'bottom'}-${'left' | 'center' | 'right'}`;

/** Left, top, width and height as fractions (0–1) of the screen's width and height. */
export interface PlacementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PlacedWidget = 'scoreboard' | 'feed';

/** The screen the fractions were designed on (the overlays' own canvas). */
export const PLACEMENT_SCREEN = { width: 1920, height: 1080 } as const;

/** The smallest box: 5 % of the screen either way, still a target for a pointer. */
export const MIN_BOX_FRACTION = 0.05;

/** How close (a fraction of the screen) a dragged edge comes to a guide before it snaps to it. */
export const SNAP_FRACTION = 0.012;

/** The anchored canvas's padding (scoreboard.css .overlay-canvas), kept as the margin of a mapped anchor. */
const MARGIN_PX = 24;

/**
 * Each widget's size at scale 1 on the 1920×1080 canvas, legal line included (the feed with its six entries):
 * what an anchor and a scale from an older settings file map to.
 */
export const WIDGET_SIZE_PX: Record<PlacedWidget, { width: number; height: number }> = {
  scoreboard: { width: 1872, height: 150 },
  feed: { width: 460, height: 420 },
};

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
/** Four decimals: a tenth of a pixel on a 1920 screen, and a settings file a person can read. */
const tidy = (value: number): number => Math.round(value * 10_000) / 10_000;

/** The box made as large as allowed (the whole screen at most, 5 % at least) and moved inside the screen. */
export function clampBox(box: PlacementBox): PlacementBox {
  const width = clamp(box.width, MIN_BOX_FRACTION, 1);
  const height = clamp(box.height, MIN_BOX_FRACTION, 1);
  return {
    x: tidy(clamp(box.x, 0, 1 - width)),
    y: tidy(clamp(box.y, 0, 1 - height)),
    width: tidy(width),
    height: tidy(height),
  };
}

/** Whether a box lies inside the screen and is at least the smallest size (the settings' rule). */
export function isInsideScreen(box: PlacementBox): boolean {
  const epsilon = 1e-9;
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.width >= MIN_BOX_FRACTION - epsilon &&
    box.height >= MIN_BOX_FRACTION - epsilon &&
    box.x + box.width <= 1 + epsilon &&
    box.y + box.height <= 1 + epsilon
  );
}

/** The value, or the nearest guide when it is within SNAP_FRACTION of one. */
function snapTo(value: number, guides: number[]): number {
  let best = value;
  let distance = SNAP_FRACTION;
  for (const guide of guides) {
    const off = Math.abs(value - guide);
    if (off <= distance) {
      best = guide;
      distance = off;
    }
  }
  return best;
}

/**
 * A dragged box snapped, each way on its own, to the screen's edges, the anchors' margin and its centre line,
 * then kept inside the screen.
 */
export function snapBox(box: PlacementBox): PlacementBox {
  const marginX = MARGIN_PX / PLACEMENT_SCREEN.width;
  const marginY = MARGIN_PX / PLACEMENT_SCREEN.height;
  const guides = (size: number, margin: number) => [0, margin, (1 - size) / 2, 1 - size - margin, 1 - size];
  return clampBox({
    ...box,
    x: snapTo(box.x, guides(box.width, marginX)),
    y: snapTo(box.y, guides(box.height, marginY)),
  });
}

/** The box moved by (dx, dy), inside the screen. */
export function moveBox(box: PlacementBox, dx: number, dy: number): PlacementBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy });
}

/** The box grown (or shrunk) from its top-left corner, inside the screen: it never pushes itself off an edge. */
export function resizeBox(box: PlacementBox, dWidth: number, dHeight: number): PlacementBox {
  return clampBox({
    ...box,
    width: Math.min(box.width + dWidth, 1 - box.x),
    height: Math.min(box.height + dHeight, 1 - box.y),
  });
}

/**
 * Where a widget placed by an anchor and a scale (the Position and Size of an older settings file) sits: its
 * size at that scale, at the anchor's corner or edge with the canvas's margin, and `clearancePx` further in
 * (a feed on the bar's edge keeps clear of it, as the anchored overlay does: feedClearance).
 */
export function boxFromAnchor(
  widget: PlacedWidget,
  anchor: Anchor,
  scale: number,
  clearancePx = 0,
): PlacementBox {
  const [vertical, horizontal] = anchor.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  const size = WIDGET_SIZE_PX[widget];
  const width = (size.width * scale) / PLACEMENT_SCREEN.width;
  const height = (size.height * scale) / PLACEMENT_SCREEN.height;
  const marginX = MARGIN_PX / PLACEMENT_SCREEN.width;
  const marginY = (MARGIN_PX + clearancePx) / PLACEMENT_SCREEN.height;
  const x = { left: marginX, center: (1 - width) / 2, right: 1 - width - marginX }[horizontal];
  const y = vertical === 'top' ? marginY : 1 - height - marginY;
  return clampBox({ x, y, width, height });
}

/** The side of its box a widget leans to: the screen's nearest edge (thirds across, halves down). */
export interface BoxAlignment {
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'bottom';
}

export function alignmentInBox(box: PlacementBox): BoxAlignment {
  const middleX = box.x + box.width / 2;
  const middleY = box.y + box.height / 2;
  return {
    horizontal: middleX < 1 / 3 ? 'left' : middleX > 2 / 3 ? 'right' : 'center',
    vertical: middleY > 0.5 ? 'bottom' : 'top',
  };
}

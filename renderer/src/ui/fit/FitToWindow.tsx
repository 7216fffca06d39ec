import { useCallback, useRef, type ReactNode } from 'react';
import { steppedFitScale } from './fitScale';
import { useFitObserver } from './useFitObserver';
import './fitToWindow.css';

/** Room left under a list once it is fitted: a fifth of its height, three or more rows of a card list. */
const GROWTH_HEADROOM = 0.2;

/**
 * Writes the scale that fits `content` in the window into the page: its transform and data-scale, and the
 * legal line's --overlay-scale. Written, not rendered: a list that gains a row with each state pushed would
 * otherwise render React on every row only to find its scale unchanged.
 */
function writeFit(content: HTMLElement, legal: HTMLElement, gutterPx: number): void {
  const current = Number(content.dataset.scale ?? '1');
  const scale = steppedFitScale(
    current,
    { width: content.offsetWidth, height: content.offsetHeight },
    { width: window.innerWidth - gutterPx, height: window.innerHeight - gutterPx },
    GROWTH_HEADROOM,
  );
  if (scale === current && content.dataset.scale !== undefined) return;
  content.dataset.scale = String(scale);
  // No transform at all while it fits: nothing is drawn through a scale of 1.
  content.style.transform = scale < 1 ? `scale(${scale})` : '';
  legal.style.setProperty('--overlay-scale', String(scale));
}

/**
 * Content that grows (a card list), drawn whole in the window: scaled down from its top left corner once it is
 * taller (or wider) than the window less `gutterPx` (across and down, as in useFitScale), never scaled up, with
 * room to spare so it is not scaled again on each row it gains (steppedFitScale). An OBS source shows all of a
 * list that outgrew it, smaller, with the legal line under it. The legal line divides its size by the scale
 * (--overlay-scale, styles.css) so it is never drawn below its minimum; only its box carries the scale, so a new
 * scale restyles the line, not every row.
 */
export function FitToWindow({
  gutterPx,
  className,
  legal,
  children,
}: {
  gutterPx: number;
  className: string;
  legal: ReactNode;
  children: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const legalRef = useRef<HTMLDivElement>(null);
  const fit = useCallback(
    (content: HTMLElement) => {
      if (legalRef.current) writeFit(content, legalRef.current, gutterPx);
    },
    [gutterPx],
  );
  useFitObserver(contentRef, fit);
  return (
    <div ref={contentRef} className={className}>
      {children}
      <div ref={legalRef} className="fit-legal">
        {legal}
      </div>
    </div>
  );
}

import { useCallback, useState, type RefObject } from 'react';
import { fitScale } from './fitScale';
import { useFitObserver } from './useFitObserver';

/**
 * The widget's scale from the layout settings, lowered so the widget (its untransformed size) fits the
 * window less `gutterPx` across and `gutterPx + insetPx` down: an OBS source narrower than the bar, or
 * shorter than the feed, shows all of it (and its legal line), smaller, instead of cutting it.
 */
export function useFitScale(
  ref: RefObject<HTMLElement | null>,
  scale: number,
  gutterPx: number,
  insetPx = 0,
): number {
  const [fitted, setFitted] = useState(scale);
  const fit = useCallback(
    (element: HTMLElement) =>
      setFitted(
        fitScale(
          scale,
          { width: element.offsetWidth, height: element.offsetHeight },
          { width: window.innerWidth - gutterPx, height: window.innerHeight - gutterPx - insetPx },
        ),
      ),
    [scale, gutterPx, insetPx],
  );
  useFitObserver(ref, fit);
  return fitted;
}

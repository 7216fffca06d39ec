import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitScale } from './scoreboardFormat';

/**
 * The widget's scale from the layout settings, lowered so the widget (its untransformed width) fits the
 * window less `gutterPx`: an OBS source narrower than the bar shows all of it, smaller, instead of cutting it.
 */
export function useFitScale(ref: RefObject<HTMLElement | null>, scale: number, gutterPx: number): number {
  const [fitted, setFitted] = useState(scale);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setFitted(fitScale(scale, element.offsetWidth, window.innerWidth - gutterPx));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, scale, gutterPx]);
  return fitted;
}

import { useLayoutEffect, type RefObject } from 'react';

/**
 * Calls `fit` with the element once laid out, before the first paint, and again whenever the element or the
 * window changes size. `fit` is kept by the caller (useCallback): a new one observes again.
 */
export function useFitObserver(
  ref: RefObject<HTMLElement | null>,
  fit: (element: HTMLElement) => void,
): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => fit(element);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, fit]);
}

import { useEffect, useState } from 'react';
import { streamScale } from './barText';

/**
 * The arena overlays' scale in this window: they are drawn for a 1920-wide source, so a 1280×720 source shows
 * the bar and the feed at two thirds, each keeping its share of the width.
 */
export function useStreamScale(): number {
  const [scale, setScale] = useState(() => streamScale(window.innerWidth));
  useEffect(() => {
    const measure = () => setScale(streamScale(window.innerWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return scale;
}

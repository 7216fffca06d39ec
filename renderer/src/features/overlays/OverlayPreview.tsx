import { useLayoutEffect, useRef, useState } from 'react';

/**
 * An overlay live, as OBS draws it: its page in a frame at the source's own size, scaled down to fit the
 * preview's box. The URL is the overlay link (the overlay token: it can only watch), never the companion's.
 */
export function OverlayPreview({
  url,
  title,
  width,
  height,
  fill = false,
}: {
  url: string;
  title: string;
  width: number;
  height: number;
  /** Fills its parent (the layout view) instead of the list's small box. */
  fill?: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setScale(Math.min(box.clientWidth / width, box.clientHeight / height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [width, height]);
  return (
    <div ref={boxRef} className={`overlay-preview${fill ? ' fill' : ''}`} data-testid="overlay-preview">
      <iframe
        src={url}
        title={`${title}, live preview`}
        width={width}
        height={height}
        loading="lazy"
        tabIndex={-1}
        // Scripts and the page's own origin (its socket); no navigating the companion, no pop-ups, no forms.
        sandbox="allow-scripts allow-same-origin"
        style={{ transform: `scale(${scale})` }}
        data-scale={scale}
      />
    </div>
  );
}

import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { alignmentInBox, type PlacementBox } from '@shared/contract/overlayPlacement';
import { fitScale } from '../../ui/fit/fitScale';
import './placedOverlay.css';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
const percent = (fraction: number): string => `${fraction * 100}%`;

/**
 * The widget's scale that fits its untransformed size inside the box, up or down: the box is a fraction of the
 * source, so the widget follows the source's size (a 1280×720 source draws it at two thirds).
 */
function useBoxScale(
  boxRef: RefObject<HTMLElement | null>,
  widgetRef: RefObject<HTMLElement | null>,
): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const widget = widgetRef.current;
    if (!box || !widget) return;
    const measure = () =>
      setScale(
        fitScale(
          Number.POSITIVE_INFINITY,
          { width: widget.offsetWidth, height: widget.offsetHeight },
          { width: box.clientWidth, height: box.clientHeight },
        ),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(widget);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef, widgetRef]);
  // An empty widget (nothing to show) measures 0 × 0: drawn at 1, it is blank either way.
  return Number.isFinite(scale) ? scale : 1;
}

/**
 * A widget placed freely on the OBS page's layout view: its box on the screen in fractions, the widget scaled
 * to fit inside it and leaning to the box's side nearest the screen's edge.
 */
export function PlacedOverlayCanvas({
  box,
  testId,
  children,
}: {
  box: PlacementBox;
  testId: string;
  children: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLDivElement>(null);
  const scale = useBoxScale(boxRef, widgetRef);
  const align = alignmentInBox(box);
  const frame: CSSProperties = {
    left: percent(box.x),
    top: percent(box.y),
    width: percent(box.width),
    height: percent(box.height),
    justifyContent: JUSTIFY[align.horizontal],
    alignItems: align.vertical === 'top' ? 'flex-start' : 'flex-end',
  };
  const scaled: CSSProperties & Record<'--overlay-scale', number> = {
    transform: `scale(${scale})`,
    transformOrigin: `${align.vertical} ${align.horizontal}`,
    // The legal line divides its size by this, so it is never drawn below its minimum (styles.css).
    '--overlay-scale': scale,
  };
  return (
    <div className="overlay-canvas placed" data-testid={testId} data-placement="box">
      <div ref={boxRef} className="overlay-box" style={frame}>
        <div
          ref={widgetRef}
          className={`overlay-widget from-${align.vertical}`}
          style={scaled}
          data-scale={scale}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

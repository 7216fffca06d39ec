import { Suspense } from 'react';
import { LinkReplacedNotice } from './LinkReplacedNotice';
import type { OverlayView } from './overlayViewRegistry';

/**
 * The overlay entry's one view: its route's overlay (overlayViewFor), loaded as a chunk of its own. A mistyped
 * route (null) draws nothing at all; the page is transparent from its first paint (overlay.html carries the
 * overlay-mode class).
 */
export function OverlayApp({ view: View }: { view: OverlayView | null }) {
  if (!View) return null;
  return (
    <>
      <LinkReplacedNotice />
      <Suspense fallback={null}>
        <View />
      </Suspense>
    </>
  );
}

import type { ComponentType } from 'react';
import { LinkReplacedNotice } from './LinkReplacedNotice';

/**
 * The overlay page's one view: its route's overlay (overlayViewAt), in the page's script, so the first commit
 * draws it. A mistyped route (null) draws nothing at all; the page is transparent from its first paint
 * (overlay.html carries the overlay-mode class).
 */
export function OverlayApp({ view: View }: { view: ComponentType | null }) {
  if (!View) return null;
  return (
    <>
      <LinkReplacedNotice />
      <View />
    </>
  );
}

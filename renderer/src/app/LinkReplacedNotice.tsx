import { useTransportStatus } from '../state/AppContext';

/** A view whose link was replaced says so, instead of freezing on its last frame in a stream. */
export function LinkReplacedNotice() {
  if (useTransportStatus() !== 'replaced') return null;
  return (
    <p className="link-replaced" role="status" data-testid="link-replaced">
      This overlay’s link was replaced. Paste the new URL from Sightline → OBS overlays.
    </p>
  );
}

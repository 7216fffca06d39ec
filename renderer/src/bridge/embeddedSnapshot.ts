import type { PushedState, StateMessage } from '@shared/contract';
import { EMBEDDED_SNAPSHOT_ID } from '@shared/contract/hostSocket';

/**
 * The snapshot the host put in this overlay page (EMBEDDED_SNAPSHOT_ID): what its socket sends first, there before
 * the socket is open. Null in a page without one (the desktop app's windows, the companion) or one that does not
 * read as a snapshot; the page then waits for its socket as before.
 */
export function readEmbeddedSnapshot(page: Document): StateMessage<PushedState> | null {
  const text = page.getElementById(EMBEDDED_SNAPSHOT_ID)?.textContent;
  if (!text) return null;
  try {
    const message = JSON.parse(text) as StateMessage<PushedState> | null;
    return message?.kind === 'snapshot' ? message : null;
  } catch {
    return null;
  }
}

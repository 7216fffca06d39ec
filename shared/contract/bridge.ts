import type { PushedState } from './audience';
import type { Result } from './errors';
import type { StateMessage } from './statePatch';

/**
 * The untyped bridge a transport provides: the preload exposes exactly this on `window.sightline`,
 * and the browser host's WebSocket client implements the same. The renderer wraps it in typed calls.
 */
export interface ContractBridge {
  request(channel: string, input: unknown): Promise<Result<unknown>>;
  /** The state of the view's audience: the whole app state for the companion, OverlayState for an overlay. */
  onState(listener: (message: StateMessage<PushedState>) => void): () => void;
  resync(): void;
}

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'sightline';

import { isOverlayRequestChannel, type Audience, type Result } from '@shared/contract';
import type { RequestRouter } from './requestRouter';

const OVERLAY_FORBIDDEN: Result<unknown> = {
  ok: false,
  error: {
    code: 'forbidden',
    message: 'Overlay links can only watch; open the companion page for this.',
  },
};

/**
 * The requests one audience may make, whatever the transport (an overlay link's socket, an overlay window's
 * IPC): the companion every channel, an overlay only the lookups overlays draw with (OVERLAY_REQUEST_CHANNELS).
 */
export function routerFor(router: RequestRouter, audience: Audience): RequestRouter {
  if (audience === 'companion') return router;
  return async (channel, input) =>
    isOverlayRequestChannel(channel) ? router(channel, input) : OVERLAY_FORBIDDEN;
}

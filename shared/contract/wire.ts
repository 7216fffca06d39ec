import { z } from 'zod';
import type { AppState } from './appState';
import type { Result } from './errors';
import type { StateMessage } from './statePatch';

/**
 * Frames of the contract on a byte transport (the browser host's WebSocket). Electron IPC carries the
 * same requests and state messages through its own channels (see ipcChannels).
 */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('request'),
    id: z.number().int().nonnegative(),
    channel: z.string().max(100),
    input: z.unknown(),
  }),
  z.object({ type: z.literal('resync') }),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** `S`: the state the socket's audience receives (the whole AppState for a companion link, OverlayState for an overlay one). */
export type ServerFrame<S = AppState> =
  { type: 'response'; id: number; result: Result<unknown> } | { type: 'state'; message: StateMessage<S> };

/** The WebSocket path of the browser host. */
export const WS_PATH = '/ws';

/** The WebSocket's query parameter by which an overlay page names its route (`arena`), to be pushed only what it draws. */
export const WS_ROUTE_PARAM = 'route';

/** Close code for a socket whose link was replaced in Settings: the page stops reconnecting and says so. */
export const LINK_REPLACED_CLOSE_CODE = 4001;

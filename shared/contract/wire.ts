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

/**
 * Electron IPC channel names: prefixed, and the only ones the preload forwards. Kept free of imports
 * so the sandboxed preload can bundle it (a sandboxed preload can load no package but electron).
 */
export const IPC_CHANNELS = {
  request: 'sightline:request',
  resync: 'sightline:resync',
  state: 'sightline:state',
} as const;

import { IPC_CHANNELS } from '@shared/contract/ipcChannels';
import type { PushedState } from '@shared/contract/audience';
import type { ContractBridge } from '@shared/contract/bridge';
import type { Result } from '@shared/contract/errors';
import type { StateMessage } from '@shared/contract/statePatch';

/** The slice of ipcRenderer the bridge uses; listeners receive Electron's event first. */
export interface PreloadIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  send(channel: string, ...args: unknown[]): void;
}

/**
 * The ContractBridge over Electron IPC, and nothing more: fixed channels only, no ipcRenderer and no
 * event objects reach the page (an IpcRendererEvent carries `sender`, the ipcRenderer itself).
 */
export function createPreloadBridge(ipc: PreloadIpc): ContractBridge {
  return {
    request: async (channel, input) => {
      try {
        return (await ipc.invoke(IPC_CHANNELS.request, channel, input)) as Result<unknown>;
      } catch {
        // invoke rejects only when IPC itself failed (main gone, message not cloneable).
        return { ok: false, error: { code: 'io', message: 'Could not reach the Sightline main process.' } };
      }
    },
    onState(listener) {
      const forward = (_event: unknown, message: unknown): void =>
        listener(message as StateMessage<PushedState>);
      ipc.on(IPC_CHANNELS.state, forward);
      // A new listener starts from a full snapshot, as a WebSocket view does on connecting.
      ipc.send(IPC_CHANNELS.resync);
      return () => {
        ipc.removeListener(IPC_CHANNELS.state, forward);
      };
    },
    resync: () => ipc.send(IPC_CHANNELS.resync),
  };
}

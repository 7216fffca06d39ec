import type { ContractBridge } from '@shared/contract';
import { BRIDGE_GLOBAL } from '@shared/contract/bridge';
import { createWebSocketBridge, type TransportStatus } from './webSocketBridge';

/** Electron's preload puts the bridge on window; without it we are a browser page of the host. */
export function selectBridge(onStatus: (status: TransportStatus) => void): ContractBridge {
  const exposed = (window as unknown as Record<string, ContractBridge | undefined>)[BRIDGE_GLOBAL];
  if (exposed) {
    onStatus('open');
    return exposed;
  }
  return createWebSocketBridge(window.location, onStatus);
}

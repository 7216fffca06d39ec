import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '@shared/contract/bridge';
import { createPreloadBridge } from './preloadBridge';

// Exposes only the contract's bridge; each call of it goes through fixed, prefixed channels.
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createPreloadBridge(ipcRenderer));

import type {
  ClientFrame,
  ContractBridge,
  PushedState,
  Result,
  ServerFrame,
  StateMessage,
} from '@shared/contract';
import { LINK_REPLACED_CLOSE_CODE, WS_PATH, WS_ROUTE_PARAM } from '@shared/contract/hostSocket';
import { overlayRouteOfPath } from '@shared/contract/audience';

/** `replaced`: this page's link was replaced in Settings; it stops retrying and asks for the new one. */
export type TransportStatus = 'connecting' | 'open' | 'closed' | 'replaced';

interface Pending {
  resolve(result: Result<unknown>): void;
}

/**
 * The browser-mode transport: the contract over the host's WebSocket. It reconnects on its own; the
 * host sends a full snapshot on every connection, so a reconnected view is never stale.
 */
export function createWebSocketBridge(
  location: { host: string; pathname: string; search: string },
  onStatus: (status: TransportStatus) => void,
): ContractBridge {
  const token = new URLSearchParams(location.search).get('token');
  // An overlay page names its route, so the host pushes it only the slices that route draws.
  const route = overlayRouteOfPath(location.pathname);
  const query = new URLSearchParams({
    ...(token ? { token } : {}),
    ...(route ? { [WS_ROUTE_PARAM]: route } : {}),
  });
  const url = `ws://${location.host}${WS_PATH}${query.toString() ? `?${query.toString()}` : ''}`;
  const stateListeners = new Set<(message: StateMessage<PushedState>) => void>();
  const pending = new Map<number, Pending>();
  const queue: ClientFrame[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let retryMs = 250;

  const send = (frame: ClientFrame): void => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    else queue.push(frame);
  };

  const connect = (): void => {
    onStatus('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      onStatus('open');
      for (const frame of queue.splice(0)) ws.send(JSON.stringify(frame));
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      const frame = JSON.parse(event.data) as ServerFrame<PushedState>;
      if (frame.type === 'state') for (const listener of stateListeners) listener(frame.message);
      else {
        pending.get(frame.id)?.resolve(frame.result);
        pending.delete(frame.id);
      }
    };
    ws.onclose = (event: CloseEvent) => {
      const replaced = event.code === LINK_REPLACED_CLOSE_CODE;
      onStatus(replaced ? 'replaced' : 'closed');
      for (const [id, request] of pending) {
        request.resolve({ ok: false, error: { code: 'io', message: 'Lost the connection to Sightline.' } });
        pending.delete(id);
      }
      if (replaced) return;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  return {
    request: (channel, input) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, { resolve });
        send({ type: 'request', id, channel, input });
      }),
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    resync: () => send({ type: 'resync' }),
  };
}

// The one API object the UI talks to. Under Electron the preload exposes an IPC transport;
// in a browser the transport is the host's WebSocket. Screens cannot tell which.
import type { TillApi } from '../../shared/contract';
import type { TillTransport } from '../../shared/transport';
import { createTillApi } from './bridge/contract-client';
import { createWebSocketTransport, takeHostToken } from './bridge/websocket-transport';

declare global {
  interface Window {
    /** Set by the Electron preload. */
    paydeskTransport?: TillTransport;
  }
}

type ConnectionListener = (connected: boolean) => void;
const connectionListeners = new Set<ConnectionListener>();
export function onBridgeConnection(listener: ConnectionListener): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

function resolveTransport(): TillTransport | null {
  if (window.paydeskTransport) return window.paydeskTransport;
  const token = takeHostToken(window.location, window.sessionStorage, window.history);
  if (!token) return null;
  return createWebSocketTransport(token, (connected) => connectionListeners.forEach((l) => l(connected)));
}

const transport = resolveTransport();
export const till: TillApi | null = transport ? createTillApi(transport) : null;

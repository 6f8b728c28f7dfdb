// The one API object the UI talks to. Under Electron the preload exposes an IPC transport;
// in a browser the transport is the host's WebSocket. Screens cannot tell which.
import type { TillApi } from '../../shared/contract';
import { Emitter } from '../../shared/emitter';
import type { TillTransport } from '../../shared/transport';
import { createTillApi } from './bridge/contract-client';
import { createWebSocketTransport, takeHostToken } from './bridge/websocket-transport';

declare global {
  interface Window {
    /** Set by the Electron preload. */
    paydeskTransport?: TillTransport;
  }
}

/** Whether the link to the till services is up (the browser's WebSocket comes and goes). */
export const bridgeConnection = new Emitter<boolean>();

function resolveTransport(): TillTransport | null {
  // Unit tests load the stores in plain Node, where there is no window and no till.
  if (typeof window === 'undefined') return null;
  if (window.paydeskTransport) return window.paydeskTransport;
  const token = takeHostToken(window.location, window.sessionStorage, window.history);
  if (!token) return null;
  return createWebSocketTransport(token, (connected) => bridgeConnection.fire(connected));
}

const transport = resolveTransport();
export const till: TillApi | null = transport ? createTillApi(transport) : null;

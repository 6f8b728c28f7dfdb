// The browser transport: the browser host's loopback WebSocket, authenticated with the
// per-launch token the host printed in the till's URL.
import { Emitter } from '../../../shared/emitter';
import { HOST_SOCKET_PATH, readHostFrame } from '../../../shared/host-protocol';
import type { TillTransport } from '../../../shared/transport';

const TOKEN_KEY = 'paydesk.hostToken';
const RECONNECT_MS = 1000;

/** Takes the token from the URL fragment once, keeps it for reloads, and clears the address bar. */
export function takeHostToken(location: Location, storage: Storage, history: History): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    storage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', location.pathname);
    return fromHash;
  }
  return storage.getItem(TOKEN_KEY);
}

const lostConnection = {
  ok: false,
  error: {
    code: 'unreachable',
    message: 'Lost the connection to the till service. Reconnecting…',
    words: { key: 'bridge.lost' },
  },
};

export function createWebSocketTransport(
  token: string,
  onConnection: (connected: boolean) => void,
): TillTransport {
  const pending = new Map<number, (reply: unknown) => void>();
  const events = new Emitter<{ event: string; payload: unknown }>();
  let nextId = 1;
  let socket: WebSocket;
  let ready: Promise<void>;

  function connect(): void {
    const url = new URL(HOST_SOCKET_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    socket = new WebSocket(url);
    ready = new Promise((resolve) => socket.addEventListener('open', () => resolve(), { once: true }));
    socket.addEventListener('open', () => onConnection(true));
    socket.addEventListener('message', (message) => {
      let frame;
      try {
        frame = readHostFrame(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (!frame) return;
      if (frame.kind === 'event') {
        const { event, payload } = frame;
        events.fire({ event, payload });
        return;
      }
      const id = frame.id;
      const settle = id === null ? undefined : pending.get(id);
      if (id === null || !settle) return;
      pending.delete(id);
      settle(frame.reply);
    });
    socket.addEventListener('close', () => {
      onConnection(false);
      for (const [id, settle] of pending) {
        pending.delete(id);
        settle(lostConnection);
      }
      setTimeout(connect, RECONNECT_MS);
    });
  }
  connect();

  return {
    async call(method, input) {
      await ready;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ kind: 'call', id, method, input }));
      });
    },
    onEvent(listener) {
      events.on(({ event, payload }) => listener(event, payload));
    },
  };
}

// The preload exposes one narrow transport for the contract and nothing else: it never
// hands out ipcRenderer, and it only talks on the contract's two channels.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/contract/channels';
import type { TillTransport } from '../../shared/transport';

const listeners = new Set<(event: string, payload: unknown) => void>();
ipcRenderer.on(IPC_EVENT_CHANNEL, (_e, message: { event: string; payload: unknown }) => {
  for (const listener of listeners) listener(message.event, message.payload);
});

const transport: TillTransport = {
  call: (method, input) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, { method, input }),
  onEvent: (listener) => {
    listeners.add(listener);
  },
};

contextBridge.exposeInMainWorld('paydeskTransport', transport);

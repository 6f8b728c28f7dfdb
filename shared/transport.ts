// The narrow carrier under the contract: the Electron preload and the browser host's socket
// both provide exactly this, and the renderer builds its TillApi on top of it.
export interface TillTransport {
  /** Resolves with the raw reply envelope ({ ok, value } or { ok: false, error }); never rejects. */
  call(method: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: string, payload: unknown) => void): void;
}

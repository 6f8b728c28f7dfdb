// Starts the real till services and browser host in-process on loopback, with a temporary
// data directory, for tests that drive it over HTTP, WebSocket or a real browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTill, type Till, type TillOptions } from '../../../electron/services/till';
import { startBrowserHost, type BrowserHost } from '../../../electron/host/server';

export interface TestHost {
  till: Till;
  host: BrowserHost;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestHost(
  options: Partial<TillOptions> & { rendererDir?: string } = {},
): Promise<TestHost> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-test-'));
  const till = await createTill({ host: 'browser', version: 'test', sandboxSpeed: 20, ...options, dataDir });
  const host = await startBrowserHost({ till, rendererDir: options.rendererDir ?? 'out/renderer' });
  return {
    till,
    host,
    dataDir,
    async close() {
      await host.close();
      await till.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

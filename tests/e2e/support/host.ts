// The in-process till (tests/support/till.ts) plus the browser host in front of it, on
// loopback, for tests that drive it over HTTP, WebSocket or a real browser.
import { startBrowserHost, type BrowserHost } from '../../../electron/host/server';
import type { SandboxServices } from '../../../electron/sandbox/index';
import type { Till } from '../../../electron/services/app/create-till';
import { startTestTill, type TestTillOptions } from '../../support/till';

export interface TestHost {
  till: Till<SandboxServices>;
  host: BrowserHost;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestHost(
  options: TestTillOptions & { rendererDir?: string } = {},
): Promise<TestHost> {
  const { rendererDir = 'out/renderer', ...tillOptions } = options;
  // The OS keychain, as the till in a shop keeps its passwords.
  const t = await startTestTill({ sandboxSpeed: 20, secretsIn: 'keychain', ...tillOptions });
  const host = await startBrowserHost({ till: t.till, rendererDir });
  return {
    till: t.till,
    host,
    dataDir: t.dataDir,
    async close() {
      await host.close();
      await t.close();
    },
  };
}

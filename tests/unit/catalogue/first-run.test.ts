// The catalogue belongs to the shop: the demo products are a first-run seed that only sandbox
// mode applies, taken from the stand-ins the entry point passed in. A live till starts empty
// and never starts the stand-ins for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTill, type TillOptions } from '../../../electron/services/app/create-till';
import type { StandIns } from '../../../electron/services/app/stand-ins';
import type { Catalogue } from '../../../shared/contract';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const DEMO = [
  { sku: '5000000000001', name: 'Flat white', category: 'Coffee', price: 340 },
  { sku: '5000000000002', name: 'Butter croissant', category: 'Bakery', price: 265 },
];

/** Stand-ins that count their starts; the card service address is never called in these tests. */
function countingStandIns() {
  const counter = { starts: 0 };
  const start = async (): Promise<StandIns> => {
    counter.starts++;
    return {
      payAtCounter: { baseUrl: 'http://127.0.0.1:9', username: 'sandbox', password: 'sandbox' },
      distribution: { baseUrl: 'http://127.0.0.1:9', apiKey: 'sandbox' },
      demoCatalogue: DEMO,
      close: async () => {},
    };
  };
  return { counter, start };
}

async function withTill(
  settings: object | null,
  run: (catalogue: () => Promise<Catalogue>, starts: () => number) => Promise<void>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-catalogue-'));
  if (settings) writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
  const standIns = countingStandIns();
  const options: TillOptions = {
    dataDir,
    host: 'browser',
    version: 'test',
    logger: quiet,
    secretStores: [],
    standIns: standIns.start,
  };
  const till = await createTill(options);
  try {
    const catalogue = async () => {
      const reply = await till.dispatch('catalogue.get', {});
      assert.ok(reply.ok);
      return reply.value as Catalogue;
    };
    await run(catalogue, () => standIns.counter.starts);
  } finally {
    await till.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('sandbox mode seeds the demo catalogue from the stand-ins on the first run', async () => {
  await withTill(null, async (catalogue, starts) => {
    assert.deepEqual(
      (await catalogue()).products.map((p) => p.name),
      ['Butter croissant', 'Flat white'],
    );
    assert.equal(starts(), 1);
  });
});

test('live mode leaves an empty catalogue empty and never starts the stand-ins', async () => {
  // Live: every service the till talks to is live (a supplier left in sandbox needs its stand-in).
  await withTill(
    {
      payAtCounter: { mode: 'live', liveBaseUrl: 'http://127.0.0.1:9' },
      distribution: { mode: 'live', liveBaseUrl: 'http://127.0.0.1:9' },
      merchant: { mode: 'live', liveBaseUrl: 'http://127.0.0.1:9' },
    },
    async (catalogue, starts) => {
      assert.deepEqual((await catalogue()).products, []);
      assert.equal(starts(), 0);
    },
  );
});

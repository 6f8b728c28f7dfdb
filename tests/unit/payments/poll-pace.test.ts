// The pace of reads of a running sale when each read takes time: reads START every 250 ms (the
// card service's 4 a second), the time a read takes counting towards the wait, and never less
// than 100 ms passes between the end of one read and the start of the next.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';

describe('the pace of reads that take time', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(async () => {
    // A read still taking its time ends only as the clock moves: close() waits for it.
    const closing = rig.cleanup();
    await rig.clock.advance(1_000);
    await closing;
  });

  /** Makes every read of the card machine take `ms` on the clock; returns when each read began. */
  function readsTaking(ms: number): number[] {
    const began: number[] = [];
    const read = rig.machine.getTransaction.bind(rig.machine);
    rig.machine.getTransaction = async (terminalId, transactionId) => {
      began.push(rig.clock.now());
      await rig.clock.sleep(ms);
      return read(terminalId, transactionId);
    };
    return began;
  }

  async function saleStartedAt(): Promise<number> {
    const p = await rig.service.startSale({
      saleId: 's-pace',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(p.state, 'started');
    return rig.clock.now();
  }

  test('reads that take 100 ms still start every 250 ms, the first 120 ms after the start', async () => {
    const began = readsTaking(100);
    const t0 = await saleStartedAt();
    await rig.clock.advance(1_200);
    assert.deepEqual(
      began.map((at) => at - t0),
      [120, 370, 620, 870, 1_120],
    );
  });

  test('reads that take 200 ms are followed by the 100 ms minimum gap: one starts every 300 ms', async () => {
    const began = readsTaking(200);
    const t0 = await saleStartedAt();
    await rig.clock.advance(1_300);
    assert.deepEqual(
      began.map((at) => at - t0),
      [120, 420, 720, 1_020],
    );
  });
});

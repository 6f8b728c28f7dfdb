// Which printers are asked to confirm the paper is out: an epson-tm printer gets the Epson
// print-finished request (GS ( H) right behind the receipt's cut, so "printed" means printed; an
// escpos-portable printer (older clones that do not know the command) never gets it, nor does an
// epson-tm on a device file, which has no way back for the answer. Real printing service, real
// socket, the loopback printer emulator; a real file for the device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrinterProfile } from '../../../electron/services/printing';
import { createHarness, networkPrinter, sampleLines } from './spool-harness';
import { decodeEscPos } from './escpos-decoder';

async function printOneOn(profile: PrinterProfile) {
  const harness = await createHarness({ printers: (e) => [networkPrinter(e, { profile })] });
  try {
    const job = await harness.service.printReceipt('R-1', sampleLines('1'));
    const printed = await harness.waitForJob(job.id, (j) => j.state === 'printed');
    return { printed, sent: decodeEscPos(harness.emulator.received()).events };
  } finally {
    await harness.close();
  }
}

test('epson-tm: the receipt is followed by one print-finished request, after its cut', async () => {
  const { printed, sent } = await printOneOn('epson-tm');
  assert.equal(printed.state, 'printed');
  const cutAt = sent.findIndex((e) => e.type === 'cut');
  const asks = sent.filter((e) => e.type === 'ackRequest');
  assert.equal(asks.length, 1);
  assert.match((asks[0] as { id: string }).id, /^[\x21-\x7e]{4}$/);
  assert.ok(cutAt >= 0 && sent.indexOf(asks[0]!) > cutAt, 'asked after the cut');
});

test('escpos-portable: the printer is never sent the print-finished request', async () => {
  const { printed, sent } = await printOneOn('escpos-portable');
  assert.equal(printed.state, 'printed');
  assert.ok(sent.some((e) => e.type === 'cut'));
  assert.deepEqual(
    sent.filter((e) => e.type === 'ackRequest'),
    [],
  );
});

test('epson-tm on a device file: no print-finished request (its answer could never be read)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  const devicePath = join(dir, 'lp0');
  writeFileSync(devicePath, '');
  const harness = await createHarness({
    printers: () => [
      {
        id: 'back',
        transport: 'device',
        devicePath,
        paperWidth: 80,
        codePage: 'cp858',
        profile: 'epson-tm',
        drawer: { enabled: false, pin: 2 },
      },
    ],
  });
  try {
    const job = await harness.service.printReceipt('R-1', sampleLines('1'));
    // Printed means handed to the device: nothing can say more.
    assert.equal((await harness.waitForJob(job.id, (j) => j.state === 'printed')).state, 'printed');
    const sent = decodeEscPos(readFileSync(devicePath)).events;
    assert.ok(sent.some((e) => e.type === 'cut'));
    assert.deepEqual(
      sent.filter((e) => e.type === 'ackRequest'),
      [],
    );
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

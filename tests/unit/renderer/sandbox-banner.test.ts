// The sandbox banner stays true whichever services are live: it never says "no real money
// moves" while card payments are real, and never hides that supplier orders go to a stand-in.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxBannerWords } from '../../../renderer/src/components/sandbox-banner';

type Mode = 'sandbox' | 'live';
const modes = (card: Mode, supplier: Mode) => [
  { service: 'payAtCounter' as const, mode: card },
  { service: 'distribution' as const, mode: supplier },
];

test('both stand-ins: no real money moves', () => {
  assert.equal(
    sandboxBannerWords(modes('sandbox', 'sandbox')),
    'Sandbox — no real money moves. Card machines, supplier and printer are stand-ins.',
  );
});

test('card payments live, supplier a stand-in: says card payments are real', () => {
  const words = sandboxBannerWords(modes('live', 'sandbox'));
  assert.equal(
    words,
    'Sandbox supplier — orders go to a stand-in and nothing is delivered. Card payments are real.',
  );
  assert.doesNotMatch(words!, /no real money/);
});

test('card machines stand-ins, supplier live: says supplier orders are real', () => {
  assert.equal(
    sandboxBannerWords(modes('sandbox', 'live')),
    'Sandbox card machines — no card money really moves. Supplier orders are real.',
  );
});

test('everything live: no banner; only the card mode known yet: says only what is known', () => {
  assert.equal(sandboxBannerWords(modes('live', 'live')), null);
  assert.equal(sandboxBannerWords([]), null);
  assert.equal(
    sandboxBannerWords([{ service: 'payAtCounter', mode: 'sandbox' }]),
    'Sandbox — no card money really moves.',
  );
});

test('a real receipt printer set: the banner never calls the printer a stand-in', () => {
  for (const state of ['ready', 'printing', 'held', 'offline'] as const) {
    const words = sandboxBannerWords(modes('sandbox', 'sandbox'), state)!;
    assert.doesNotMatch(words, /printer (are|is) (a )?stand-in|supplier and printer/);
    assert.match(words, /receipts print on the real printer/);
  }
  for (const state of ['preview', 'not_configured'] as const) {
    assert.match(sandboxBannerWords(modes('sandbox', 'sandbox'), state)!, /printer are stand-ins/);
  }
});

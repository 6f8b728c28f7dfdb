// The system browser is only ever asked to open a sign-in page: https anywhere, or http on this
// computer (the sandbox stand-in). Everything else is refused before Electron sees it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOpenableAddress } from '../../../electron/main/external-address';

test('https sign-in pages and the loopback stand-in are opened', () => {
  assert.equal(isOpenableAddress('https://dashboard.example/oauth/authorize?client_id=a&state=b'), true);
  assert.equal(isOpenableAddress('http://127.0.0.1:43125/oauth/authorize?x=1'), true);
  assert.equal(isOpenableAddress('http://localhost:8080/authorize'), true);
});

test('other schemes, plain http to another machine, credentials and junk are refused', () => {
  for (const address of [
    'http://dashboard.example/authorize',
    'http://127.0.0.1.evil.example/authorize',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://share/x',
    'ms-settings:',
    'https://user:secret@dashboard.example/',
    'not an address',
    '',
  ]) {
    assert.equal(isOpenableAddress(address), false, address);
  }
});

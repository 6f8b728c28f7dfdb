// The host's socket messages, read without zod: a call must be exactly one, a frame either kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHostCall, readHostFrame } from '../../../shared/host-protocol';

test('a call is read with its id, method and input; input may be left out', () => {
  assert.deepEqual(readHostCall({ kind: 'call', id: 0, method: 'settings.get', input: { a: 1 } }), {
    id: 0,
    method: 'settings.get',
    input: { a: 1 },
  });
  assert.deepEqual(readHostCall({ kind: 'call', id: 7, method: 'x' }), {
    id: 7,
    method: 'x',
    input: undefined,
  });
  assert.deepEqual(
    readHostCall({ kind: 'call', id: 1, method: 'm'.repeat(100), input: null })?.method.length,
    100,
  );
});

test('anything but exactly one call is refused', () => {
  const good = { kind: 'call', id: 1, method: 'settings.get', input: {} };
  for (const [why, value] of [
    ['not an object', 'call'],
    ['null', null],
    ['an array', [good]],
    ['another kind', { ...good, kind: 'event' }],
    ['a key more', { ...good, extra: true }],
    ['a negative id', { ...good, id: -1 }],
    ['a fractional id', { ...good, id: 1.5 }],
    ['an id past the safe integers', { ...good, id: 2 ** 53 }],
    ['an id as text', { ...good, id: '1' }],
    ['no id', { kind: 'call', method: 'x', input: {} }],
    ['a method of 101 characters', { ...good, method: 'm'.repeat(101) }],
    ['a method not text', { ...good, method: 3 }],
  ] as const) {
    assert.equal(readHostCall(value), null, why);
  }
});

test('a frame is a reply (id a whole number or null) or a named event; anything else is dropped', () => {
  assert.deepEqual(readHostFrame({ kind: 'reply', id: 3, reply: { ok: true } }), {
    kind: 'reply',
    id: 3,
    reply: { ok: true },
  });
  assert.deepEqual(readHostFrame({ kind: 'reply', id: null, reply: 1 }), {
    kind: 'reply',
    id: null,
    reply: 1,
  });
  assert.deepEqual(readHostFrame({ kind: 'event', event: 'status.changed', payload: [1], more: 2 }), {
    kind: 'event',
    event: 'status.changed',
    payload: [1],
  });
  for (const value of [
    null,
    [],
    { kind: 'reply', id: '3', reply: 1 },
    { kind: 'reply', id: 1.5, reply: 1 },
    { kind: 'reply', reply: 1 },
    { kind: 'event', event: 5, payload: 1 },
    { kind: 'call', id: 1, method: 'x' },
  ]) {
    assert.equal(readHostFrame(value), null, JSON.stringify(value));
  }
});

// The host listens before the till is open: calls made meanwhile wait for it, and a screen's
// event subscription starts when the till does (or never, when the screen left first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus } from '../../../electron/services/app/events';
import { tillOnceReady, type TillEnds } from '../../../electron/host/till-once-ready';

function openingTill() {
  let open!: (till: TillEnds) => void;
  let fail!: (error: unknown) => void;
  const ready = new Promise<TillEnds>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { ends: tillOnceReady(ready), open, fail };
}

test('a call made before the till is open is answered by it once it is', async () => {
  const { ends, open } = openingTill();
  const asked: string[] = [];
  let answered = false;
  const reply = ends.dispatch('settings.get', {}).then((r) => {
    answered = true;
    return r;
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(answered, false, 'no answer before the till is there');
  open({
    dispatch: async (method: unknown) => {
      asked.push(String(method));
      return { ok: true, value: 'from the till' } as never;
    },
    events: new EventBus(),
  });
  assert.deepEqual(await reply, { ok: true, value: 'from the till' });
  assert.deepEqual(asked, ['settings.get']);
});

test('events reach a subscription made before the till opened; one ended before never starts', async () => {
  const { ends, open } = openingTill();
  const heard: string[] = [];
  const left: string[] = [];
  ends.events.subscribe((event) => heard.push(event));
  const leaving = ends.events.subscribe((event) => left.push(event));
  leaving();
  const bus = new EventBus();
  open({ dispatch: async () => ({ ok: true, value: null }) as never, events: bus });
  await new Promise((resolve) => setImmediate(resolve));
  bus.emit('catalogue.changed', { version: 1 });
  assert.deepEqual(heard, ['catalogue.changed']);
  assert.deepEqual(left, []);
});

test('a call waiting for a till that fails to open is answered that it could not be opened', async () => {
  const { ends, fail } = openingTill();
  const call = ends.dispatch('settings.get', {});
  ends.events.subscribe(() => undefined);
  fail(new Error('SQLITE_CANTOPEN: unable to open database file'));
  assert.deepEqual(await call, {
    ok: false,
    error: { code: 'unreachable', message: 'The till could not be opened. Restart Paydesk.' },
  });
});

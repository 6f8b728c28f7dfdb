// The contract's event stream: a listener that fails (a window closed mid-send, a bug in one
// binding) is named in the log with the event it failed on, and the other listeners still get it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus } from '../../../electron/services/app/events';
import { loggedDuring } from '../../support/stderr-log';

test('a failing listener is logged with its event, and the others still get the event', async () => {
  const bus = new EventBus();
  const seen: unknown[] = [];
  bus.subscribe(() => {
    throw new Error('the window has closed');
  });
  bus.subscribe((event, payload) => seen.push([event, payload]));
  const logged = await loggedDuring(async () => bus.emit('catalogue.changed', { version: 7 }));
  assert.deepEqual(seen, [['catalogue.changed', { version: 7 }]]);
  assert.match(
    logged,
    / ERROR \[events\] a listener for catalogue\.changed failed: Error: the window has closed/,
  );
});

test('an event is checked where it is made: a wrong one is logged and not sent, an unnamed field never crosses', async () => {
  const bus = new EventBus();
  const seen: unknown[] = [];
  bus.subscribe((event, payload) => seen.push([event, payload]));
  const logged = await loggedDuring(async () => {
    bus.emit('catalogue.changed', { version: 'seven' } as never);
    bus.emit('catalogue.changed', { version: 8, secret: 'x' } as never);
  });
  assert.deepEqual(seen, [['catalogue.changed', { version: 8 }]]);
  assert.match(
    logged,
    / ERROR \[events\] a catalogue\.changed event is not the contract's, not sent: version: /,
  );
});

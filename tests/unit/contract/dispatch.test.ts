import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDispatcher, type Handlers } from '../../../shared/contract/dispatch';
import { GARBLED_ANSWER, methods, TillError, type MethodName } from '../../../shared/contract';

/** Handlers that record every call, so a test can prove a bad payload reached none of them. */
function spyHandlers() {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    Object.keys(methods).map((name) => [
      name,
      async () => {
        calls.push(name);
        throw new TillError('internal', 'should not be reached');
      },
    ]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

const malformedPayloads: unknown[] = [42, 'text', [], { unexpectedField: true }];

test('every contract method refuses malformed payloads with a clear error and calls nothing', async () => {
  const { handlers, calls } = spyHandlers();
  const dispatch = createDispatcher(handlers, () => undefined);
  for (const name of Object.keys(methods) as MethodName[]) {
    for (const payload of malformedPayloads) {
      const reply = await dispatch(name, payload);
      assert.equal(reply.ok, false, `${name} accepted ${JSON.stringify(payload)}`);
      if (!reply.ok) {
        assert.equal(reply.error.code, 'invalid_input', `${name}: ${reply.error.message}`);
        assert.match(reply.error.message, new RegExp(`Invalid input for ${name.replace('.', '\\.')}`));
      }
    }
  }
  assert.deepEqual(calls, []);
});

test('an unknown method name is refused without reaching a handler', async () => {
  const { handlers, calls } = spyHandlers();
  const dispatch = createDispatcher(handlers, () => undefined);
  const long = 'x'.repeat(200);
  assert.deepEqual(await dispatch(long, {}), {
    ok: false,
    error: { code: 'unknown_method', message: `No such method: ${'x'.repeat(80)}` },
  });
  for (const name of ['nope', '__proto__', 'constructor', 'toString', 42, null]) {
    const reply = await dispatch(name, {});
    assert.deepEqual(reply, {
      ok: false,
      error: { code: 'unknown_method', message: `No such method: ${name}` },
    });
  }
  assert.deepEqual(calls, []);
});

test('a TillError keeps its code; an unexpected exception is hidden and logged', async () => {
  const logged: string[] = [];
  const { handlers } = spyHandlers();
  handlers['terminals.get'] = async () => {
    throw new TillError('not_found', 'No such terminal');
  };
  handlers['app.info'] = async () => {
    throw new Error('secret internals');
  };
  const dispatch = createDispatcher(handlers, (method) => logged.push(method));
  assert.deepEqual(await dispatch('terminals.get', { terminalId: 'x' }), {
    ok: false,
    error: { code: 'not_found', message: 'No such terminal' },
  });
  assert.deepEqual(await dispatch('app.info', {}), {
    ok: false,
    error: { code: 'internal', message: 'Something went wrong inside the till. It has been logged.' },
  });
  assert.deepEqual(logged, ['app.info']);
});

test('a valid payload reaches its handler with parsed input', async () => {
  const { handlers } = spyHandlers();
  let received: unknown;
  handlers['terminals.list'] = async (input) => {
    received = input;
    return [];
  };
  const dispatch = createDispatcher(handlers, () => undefined);
  assert.deepEqual(await dispatch('terminals.list', { currency: 'GBP' }), { ok: true, value: [] });
  assert.deepEqual(received, { currency: 'GBP' });
  const bad = await dispatch('terminals.list', { currency: 'pounds' });
  assert.deepEqual(bad, {
    ok: false,
    error: {
      code: 'invalid_input',
      message: 'Invalid input for terminals.list: currency: currency is a three-letter code such as GBP',
    },
  });
  const twoWrong = await dispatch('terminals.list', { currency: 'pounds', status: 'ASLEEP' });
  assert.equal(twoWrong.ok, false);
  if (!twoWrong.ok) assert.match(twoWrong.error.message, /: currency: .+; status: /);
  const deep = await dispatch('counter.park', { lines: [{}] });
  assert.equal(deep.ok, false);
  if (!deep.ok) assert.match(deep.error.message, /: lines\.0\.\w+: /);
  const notAnObject = await dispatch('terminals.list', 42);
  assert.equal(notAnObject.ok, false);
  if (!notAnObject.ok)
    assert.match(notAnObject.error.message, /^Invalid input for terminals\.list: payload: /);
});

test('an answer is checked against the method’s output where it is made: a wrong one is logged and worded, an unnamed field never crosses', async () => {
  const logged: Array<[string, string]> = [];
  const { handlers } = spyHandlers();
  let answer: unknown = { version: '0.1.0' };
  handlers['app.info'] = async () => answer as never;
  const dispatch = createDispatcher(handlers, (method, error) =>
    logged.push([method, error instanceof Error ? error.message : String(error)]),
  );
  const wrong = await dispatch('app.info', {});
  assert.deepEqual(wrong, { ok: false, error: GARBLED_ANSWER });
  assert.equal(logged.length, 1);
  assert.equal(logged[0]![0], 'app.info');
  assert.match(logged[0]![1], /^The answer to app\.info is not the contract's: \w+: /);

  handlers['terminals.list'] = async () =>
    [
      {
        terminalId: '22900001',
        name: 'Till 1',
        named: true,
        currency: 'GBP',
        status: 'AVAILABLE',
        lastActivity: null,
        deviceAddress: null,
        apiKeyPin: '4321',
      },
    ] as never;
  const listed = await dispatch('terminals.list', {});
  assert.equal(listed.ok, true, JSON.stringify(listed));
  if (listed.ok) assert.doesNotMatch(JSON.stringify(listed.value), /apiKeyPin|4321/);

  answer = 'not an object';
  const text = await dispatch('app.info', {});
  assert.equal(text.ok, false);
  assert.equal(logged.length, 2);
});

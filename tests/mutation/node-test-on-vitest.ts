// The node:test API the unit files use, on Vitest: Stryker's Vitest runner knows which single
// tests reach each mutant and runs only those, in a process it keeps, where the TAP runner starts
// a process per test file (docs/testing.md, "Runner"). `npm test` still runs node:test itself.
import {
  afterAll,
  afterEach as vitestAfterEach,
  beforeAll,
  beforeEach as vitestBeforeEach,
  describe as vitestDescribe,
  onTestFinished,
  test as vitestTest,
  vi,
} from 'vitest';

type Body = (context: TestContext) => unknown;
/** node:test's view of a mocked method's calls. */
interface MockedMethod {
  mock: { calls: Array<{ arguments: unknown[] }> };
}
interface Options {
  timeout?: number;
  skip?: boolean | string;
}

/** The part of node:test's TestContext the unit files use. */
export interface TestContext {
  name: string;
  after(fn: () => unknown): void;
  diagnostic(message: string): void;
  skip(message?: string): void;
  mock: { method(object: object, name: string, impl?: (...args: never[]) => unknown): MockedMethod };
}

function contextOf(vitestContext: { task: { name: string }; skip: (note?: string) => void }): TestContext {
  return {
    name: vitestContext.task.name,
    after: (fn) =>
      onTestFinished(async () => {
        await fn();
      }),
    diagnostic: () => undefined,
    skip: (message) => vitestContext.skip(message),
    mock: {
      method: (object, name, impl) => {
        const spy = vi.spyOn(object as Record<string, () => unknown>, name as never);
        if (impl) spy.mockImplementation(impl as never);
        onTestFinished(() => spy.mockRestore());
        return {
          mock: {
            get calls() {
              return spy.mock.calls.map((args) => ({ arguments: args }));
            },
          },
        };
      },
    },
  };
}

function split(optionsOrBody?: Options | Body, maybeBody?: Body): [Options, Body | undefined] {
  return typeof optionsOrBody === 'function' ? [{}, optionsOrBody] : [optionsOrBody ?? {}, maybeBody];
}

export function test(name: string, optionsOrBody?: Options | Body, maybeBody?: Body): void {
  const [options, body] = split(optionsOrBody, maybeBody);
  if (options.skip || !body) {
    vitestTest.skip(name, () => undefined);
    return;
  }
  vitestTest(
    name,
    { timeout: options.timeout ?? 60_000 },
    (context) => body(contextOf(context)) as Promise<void>,
  );
}
export const it = test;

export function describe(
  name: string,
  optionsOrBody?: Options | (() => unknown),
  maybeBody?: () => unknown,
): void {
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody;
  vitestDescribe(name, () => {
    body?.();
  });
}

const hook = (register: (fn: () => unknown, timeout?: number) => void) => (fn: () => unknown) =>
  register(async () => {
    await fn();
  }, 60_000);
export const before = hook(beforeAll);
export const after = hook(afterAll);
export const beforeEach = hook(vitestBeforeEach);
export const afterEach = hook(vitestAfterEach);

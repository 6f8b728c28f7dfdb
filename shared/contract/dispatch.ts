// The receiving side of the contract, shared by the Electron IPC binding and the browser
// host: checks the method name, validates the payload, runs the handler, checks its answer
// against the method's output and wraps it. The answer is checked here, where it is made, rather
// than in the renderer: a field the contract does not name never crosses to the screens, a wrong
// answer is logged beside the handler that gave it, and the screens start without building the
// contract's schemas.
import { z } from 'zod';
import { GARBLED_ANSWER, TillError, type Reply } from './errors';
import { isMethodName, methods, type MethodInput, type MethodName, type MethodOutput } from './index';

export type Handlers = {
  [M in MethodName]: (
    input: z.output<(typeof methods)[M]['input']>,
  ) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

/** The contract's methods under the given prefixes: `MethodsOf<'sales' | 'payments'>`. */
export type MethodsOf<Prefix extends string> = Extract<MethodName, `${Prefix}.${string}`>;

/** What an area's handlers file returns: the handlers of every method under its prefixes. */
export type HandlersOf<Prefix extends string> = Pick<Handlers, MethodsOf<Prefix>>;

/** A schema's complaints for the log and for developers: up to five, each with where it is. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'payload'}: ${i.message}`)
    .join('; ');
}

/**
 * `onInternalError` sees every error that is not a TillError (for the log) and may return the
 * TillError staff should see instead of the bare "internal" answer (e.g. a full disk, worded).
 */
export function createDispatcher(
  handlers: Handlers,
  // `unknown`: only a returned TillError counts, so a hook that merely logs needs no change.
  onInternalError: (method: string, error: unknown) => unknown,
) {
  return async function dispatch(name: unknown, rawInput: unknown): Promise<Reply> {
    if (!isMethodName(name)) {
      return {
        ok: false,
        error: { code: 'unknown_method', message: `No such method: ${String(name).slice(0, 80)}` },
      };
    }
    const spec = methods[name];
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          message: `Invalid input for ${name}: ${describeIssues(parsed.error)}`,
        },
      };
    }
    try {
      const handler = handlers[name] as (input: unknown) => Promise<unknown>;
      const value = await handler(parsed.data as MethodInput<typeof name>);
      const checked = spec.output.safeParse(value);
      if (checked.success) return { ok: true, value: checked.data };
      onInternalError(
        name,
        new Error(`The answer to ${name} is not the contract's: ${describeIssues(checked.error)}`),
      );
      return { ok: false, error: GARBLED_ANSWER };
    } catch (error) {
      if (error instanceof TillError) return { ok: false, error: error.toShape() };
      const worded = onInternalError(name, error);
      if (worded instanceof TillError) return { ok: false, error: worded.toShape() };
      return {
        ok: false,
        error: { code: 'internal', message: 'Something went wrong inside the till. It has been logged.' },
      };
    }
  };
}
export type Dispatch = ReturnType<typeof createDispatcher>;

// The refusal a call ends with, as the screens are sent it.
import assert from 'node:assert/strict';
import { TillError, type TillErrorShape } from '../../shared/contract/errors';

/** Awaits `promise`, which must reject with a TillError, and returns that error's shape for the screens. */
export async function refusalOf(promise: Promise<unknown>): Promise<TillErrorShape> {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TillError, String(error));
  return error.toShape();
}

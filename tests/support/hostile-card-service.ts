// Switches the sandbox card service's hostile answers (electron/sandbox/pay-at-counter/hostile.ts)
// over its loopback control endpoint, as a test would from outside the till.
import { CONTROL_PATH, type PayAtCounterSandbox } from '../../electron/sandbox/pay-at-counter/server';
import type { HostileReport, HostileSwitch } from '../../electron/sandbox/pay-at-counter/hostile';

/** Switches hostile answers on (`next`), off (null) or leaves them (undefined); returns the report. */
export async function hostile(
  sandbox: Pick<PayAtCounterSandbox, 'url'>,
  next?: HostileSwitch | null,
): Promise<HostileReport> {
  const response = await fetch(`${sandbox.url}${CONTROL_PATH}`, {
    method: 'POST',
    body: JSON.stringify(next === undefined ? {} : { hostile: next }),
  });
  return ((await response.json()) as { result: { hostile: HostileReport } }).result.hostile;
}

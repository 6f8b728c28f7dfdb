// The card machines as the till lists them, read from the card service on every call.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { Terminal } from '../../../shared/contract';
import type { PayAtCounterClient, TerminalRecord } from '../payments/pay-at-counter-client';

export function toTerminal(record: TerminalRecord): Terminal {
  return {
    terminalId: record.terminal_id,
    currency: record.currency,
    status: record.status,
    lastActivity: record.last_activity ?? null,
    deviceAddress: record.device_address ?? null,
  };
}

export function terminalHandlers(
  client: () => Promise<PayAtCounterClient>,
  track: <T>(work: Promise<T>) => Promise<T>,
): HandlersOf<'terminals'> {
  return {
    'terminals.list': async (filter) =>
      (await track(client().then((c) => c.listTerminals(filter)))).map(toTerminal),
    'terminals.get': async ({ terminalId }) =>
      toTerminal(await track(client().then((c) => c.getTerminal(terminalId)))),
  };
}

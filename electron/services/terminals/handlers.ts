// The card machines as the till lists them, read from the card service on every call, each
// under the name the shop gave it (kept in the settings; renamed through settings.update).
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { Terminal } from '../../../shared/contract';
import { namedTerminal } from '../../../shared/terminal-names';
import type { PayAtCounterClient, TerminalRecord } from '../payments/pay-at-counter-client';

/**
 * `offline`: machines the service called unknown or offline at their last start; listed as
 * OFFLINE (the service's own list may still say AVAILABLE), as the top bar says.
 */
export function toTerminal(
  record: TerminalRecord,
  names: Readonly<Record<string, string>>,
  offline: ReadonlySet<string> = new Set(),
): Terminal {
  return {
    terminalId: record.terminal_id,
    ...namedTerminal(names, record.terminal_id),
    currency: record.currency,
    status: offline.has(record.terminal_id) ? 'OFFLINE' : record.status,
    lastActivity: record.last_activity ?? null,
    deviceAddress: record.device_address ?? null,
  };
}

export function terminalHandlers(
  client: () => Promise<PayAtCounterClient>,
  track: <T>(work: Promise<T>) => Promise<T>,
  names: () => Readonly<Record<string, string>>,
  offline: () => ReadonlySet<string> = () => new Set(),
): HandlersOf<'terminals'> {
  return {
    'terminals.list': async (filter) =>
      (await track(client().then((c) => c.listTerminals(filter)))).map((r) =>
        toTerminal(r, names(), offline()),
      ),
    'terminals.get': async ({ terminalId }) =>
      toTerminal(await track(client().then((c) => c.getTerminal(terminalId))), names(), offline()),
  };
}

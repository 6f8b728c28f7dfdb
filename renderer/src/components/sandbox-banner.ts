// The sandbox banner's words, from the services' current modes. It must never say "no real
// money moves" while card payments are live, nor call supplier orders real while they go to the
// stand-in: each mixed case says which side is real.
import type { ConnectionState } from '../../../shared/contract';

type Modes = ReadonlyArray<Pick<ConnectionState, 'service' | 'mode'>>;

/** What the banner says, or null when every service is live (no banner). */
export function sandboxBannerWords(connections: Modes): string | null {
  const mode = (service: ConnectionState['service']) => connections.find((c) => c.service === service)?.mode;
  const card = mode('payAtCounter') === 'sandbox';
  const supplier = mode('distribution') === 'sandbox';
  if (card && supplier)
    return 'Sandbox — no real money moves. Card machines, supplier and printer are stand-ins.';
  if (card && mode('distribution') === 'live')
    return 'Sandbox card machines — no card money really moves. Supplier orders are real.';
  if (card) return 'Sandbox — no card money really moves.';
  if (supplier)
    return 'Sandbox supplier — orders go to a stand-in and nothing is delivered. Card payments are real.';
  return null;
}

// The sandbox banner's words, from the services' current modes. It must never say "no real
// money moves" while card payments are live, nor call supplier orders real while they go to the
// stand-in: each mixed case says which side is real.
import type { ConnectionState, PrinterStatus } from '../../../shared/contract';
import { i18n } from '../i18n';

type Modes = ReadonlyArray<Pick<ConnectionState, 'service' | 'mode'>>;

/**
 * What the banner says, or null when every service is live (no banner). `printer` is the top
 * bar's printer state: with a real receipt printer set, the banner must not call it a stand-in.
 */
export function sandboxBannerWords(connections: Modes, printer?: PrinterStatus['state']): string | null {
  const mode = (service: ConnectionState['service']) => connections.find((c) => c.service === service)?.mode;
  const card = mode('payAtCounter') === 'sandbox';
  const supplier = mode('distribution') === 'sandbox';
  const realPrinter = printer !== undefined && printer !== 'preview' && printer !== 'not_configured';
  const words = (
    key:
      'allSandbox' | 'allSandboxRealPrinter' | 'cardSandboxSupplierLive' | 'cardSandbox' | 'supplierSandbox',
  ) => i18n.t(`shell.banner.${key}`);
  if (card && supplier) return words(realPrinter ? 'allSandboxRealPrinter' : 'allSandbox');
  if (card && mode('distribution') === 'live') return words('cardSandboxSupplierLive');
  if (card) return words('cardSandbox');
  if (supplier) return words('supplierSandbox');
  return null;
}

// The merchant tools as the status bar shows them, in the same words as the Merchant tools
// screen: signed out, signing in, signed in (to which account), or a problem and why.
import type { ConnectionState, MerchantStatus } from '../../../shared/contract';

export function merchantConnection(status: MerchantStatus, now: number): ConnectionState {
  const base = { service: 'merchant', mode: status.mode, checkedAt: new Date(now).toISOString() } as const;
  switch (status.state) {
    case 'connected':
      return {
        ...base,
        state: 'online',
        detail: status.account ? `Signed in to ${status.account.name}` : 'Signed in',
      };
    case 'problem':
      return {
        ...base,
        state: 'error',
        detail:
          status.message ?? 'The merchant tools are not answering right now. Try again in a few minutes.',
      };
    case 'signing_in':
      return { ...base, state: 'signing_in', detail: 'Waiting for the sign-in on the dashboard’s page.' };
    case 'signed_out':
      return {
        ...base,
        state: 'signed_out',
        detail: status.message ?? 'Not signed in. Connect on the Merchant tools screen.',
      };
  }
}

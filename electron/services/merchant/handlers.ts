// The merchant tools area's side of the contract: signing in and out, the tools, running one.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { MerchantService } from './merchant-service';

export function merchantHandlers(service: MerchantService): HandlersOf<'merchant'> {
  return {
    'merchant.status': () => service.resumedStatus(),
    'merchant.connect': () => service.connect(),
    'merchant.cancelSignIn': () => service.cancelSignIn(),
    'merchant.disconnect': () => service.disconnect(),
    'merchant.tools': async () => ({ tools: await service.listTools() }),
    'merchant.callTool': ({ name, arguments: args, confirmed }) => service.callTool(name, args, confirmed),
  };
}

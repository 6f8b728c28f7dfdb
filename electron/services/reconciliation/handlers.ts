// The reconciliation contract methods (reconciliation.*), served by the reconciliation service.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ReconciliationService } from './service';

export function reconciliationHandlers(service: ReconciliationService): HandlersOf<'reconciliation'> {
  return {
    'reconciliation.terminals': () => service.terminals(),
    'reconciliation.nameTerminal': ({ terminalId, name }) => service.nameTerminal(terminalId, name),
    'reconciliation.check': ({ terminalId, source }) => service.check(terminalId, source),
    'reconciliation.resolve': ({ checkId, differenceId, note }) =>
      service.resolve(checkId, differenceId, note),
    'reconciliation.get': ({ checkId }) => service.get(checkId),
    'reconciliation.history': ({ limit }) => service.history(limit),
  };
}

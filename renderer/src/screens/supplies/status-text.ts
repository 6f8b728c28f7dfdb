// An order's status in the shop's language, from the screens' catalogue (the services' English
// `statusWords` stays for the log): a status the spec does not list is quoted as the supplier sent it.
import { ORDER_STAGES, orderStage, unlistedStatusShown } from '../../../../shared/supplies';
import { i18n } from '../../i18n';

export function statusText(status: string): string {
  const stage = orderStage(status);
  if (stage !== null) return i18n.t(`supplies.stage.${ORDER_STAGES[stage]!}`);
  const shown = unlistedStatusShown(status);
  return shown ? i18n.t('supplies.statusUnlisted', { shown }) : i18n.t('supplies.statusNone');
}

// Another till's sale (found on the shop server) names the till it was made on: the name the shop
// gave it with its number, or its number alone.
import type { TFunction } from '../../i18n';
import type { SaleRecord } from '../../../../shared/contract';

export function tillName(t: TFunction, till: NonNullable<SaleRecord['till']>): string {
  return till.name
    ? t('history.till.named', { name: till.name, number: till.number })
    : t('history.till.numbered', { number: till.number });
}

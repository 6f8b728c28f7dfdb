// Rows of a till report in the shop's language. The services send each tender row's key with an
// English label: cash, hand-keyed cards and an unknown card machine are worded here, as are the
// rows for no cashier and no category; names the shop gave (card machines, people, categories)
// are shown as they are.
import { TILL_REPORT_LABELS } from '../../../../shared/contract';
import { i18n } from '../../i18n';

const WORDED: Record<string, 'cash' | 'manual_card' | 'unknownCard'> = {
  cash: 'cash',
  manual_card: 'manual_card',
  'card:unknown': 'unknownCard',
};

export function tenderLabel(row: { key: string; label: string }): string {
  const worded = WORDED[row.key];
  return worded ? i18n.t(`shopDay.report.tender.${worded}`) : row.label;
}

export function cashierLabel(name: string): string {
  return name === TILL_REPORT_LABELS.nobody ? i18n.t('shopDay.nobody') : name;
}

export function categoryLabel(category: string): string {
  return category === TILL_REPORT_LABELS.noCategory ? i18n.t('shopDay.report.noCategory') : category;
}

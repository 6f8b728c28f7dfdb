// Rows of a till report in the shop's language. The services send each tender row's key with an
// English label: cash, hand-keyed cards, an unknown card machine and one the shop has not named
// (from the row's `terminal`, never its label) are worded here, as are the rows for no cashier and
// no category; names the shop gave (card machines, people, categories) are shown as they are.
import { TILL_REPORT_LABELS, type TenderRow } from '../../../../shared/contract';
import { i18n } from '../../i18n';
import { listedTerminalName } from '../../state/terminals';

const WORDED: Record<string, 'cash' | 'manual_card' | 'unknownCard'> = {
  cash: 'cash',
  manual_card: 'manual_card',
  'card:unknown': 'unknownCard',
};

/** A row of a Z closed before rows said which machine they were shows its label as closed. */
export function tenderLabel(row: Pick<TenderRow, 'key' | 'label' | 'terminal'>): string {
  const worded = WORDED[row.key];
  if (worded) return i18n.t(`shopDay.report.tender.${worded}`);
  if (!row.terminal) return row.label;
  return listedTerminalName({ terminalId: row.terminal.id, name: row.label, named: row.terminal.named });
}

export function cashierLabel(name: string): string {
  return name === TILL_REPORT_LABELS.nobody ? i18n.t('shopDay.nobody') : name;
}

export function categoryLabel(category: string): string {
  return category === TILL_REPORT_LABELS.noCategory ? i18n.t('shopDay.report.noCategory') : category;
}

// A drawer count by note and coin: how many of each, each line's value and the total, so the
// cashier counts what is in front of them rather than typing one sum.
import type { DenominationCount } from '../../../../shared/denominations';
import type { DrawerSetup } from '../../../../shared/contract';
import { useFormat, useTranslation } from '../../i18n';

export type Counts = Record<number, string>;

/** The counts typed so far, as the contract takes them (blank and 0 left out; bad entries are null). */
export function countsFrom(counts: Counts): DenominationCount[] | null {
  const list: DenominationCount[] = [];
  for (const [value, text] of Object.entries(counts)) {
    if (text.trim() === '') continue;
    if (!/^\d{1,5}$/.test(text.trim())) return null;
    const count = Number(text);
    if (count > 0) list.push({ value: Number(value), count });
  }
  return list;
}

export function totalOf(counts: readonly DenominationCount[]): number {
  return counts.reduce((a, c) => a + c.value * c.count, 0);
}

export function DenominationCountForm({
  setup,
  counts,
  onChange,
  label,
}: {
  setup: DrawerSetup;
  counts: Counts;
  onChange: (counts: Counts) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (minor: number) => format.money(minor, setup.currency);
  const parsed = countsFrom(counts);
  return (
    <table className="drawer-count" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('shopDay.count.denomination')}</th>
          <th scope="col">{t('shopDay.count.howMany')}</th>
          <th scope="col">{t('shopDay.count.value')}</th>
        </tr>
      </thead>
      <tbody>
        {setup.denominations.map((d) => {
          const text = counts[d.value] ?? '';
          const count = /^\d{1,5}$/.test(text.trim()) ? Number(text) : 0;
          return (
            <tr key={d.value}>
              <th scope="row">{money(d.value)}</th>
              <td>
                <input
                  inputMode="numeric"
                  className="count-input"
                  aria-label={t(d.kind === 'note' ? 'shopDay.count.notesOf' : 'shopDay.count.coinsOf', {
                    value: money(d.value),
                  })}
                  value={text}
                  onChange={(e) => onChange({ ...counts, [d.value]: e.target.value })}
                />
              </td>
              <td>{count > 0 ? money(count * d.value) : ''}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('shopDay.count.total')}</th>
          <td colSpan={2} data-testid="count-total">
            {parsed ? money(totalOf(parsed)) : t('shopDay.count.wholeNumbers')}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

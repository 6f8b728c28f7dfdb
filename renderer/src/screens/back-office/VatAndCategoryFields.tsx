// The VAT rate and category fields every way of adding a product asks for (the product form and
// adding from the supplier): one of the shop's rates, and a category picked or typed.
import type { CatalogueAdmin } from '../../../../shared/contract';
import { formatRate } from '../../../../shared/vat';
import { useTranslation } from '../../i18n';

export function VatAndCategoryFields({
  view,
  vatRate,
  onVatRate,
  category,
  onCategory,
  listId,
}: {
  view: CatalogueAdmin;
  vatRate: number;
  onVatRate: (basisPoints: number) => void;
  category: string;
  onCategory: (name: string) => void;
  /** The category suggestions' id, unique on the screen. */
  listId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        {t('backOffice.form.vatRate')}
        <select value={vatRate} onChange={(e) => onVatRate(Number(e.target.value))}>
          {view.vatRates.map((r) => (
            <option key={r.basisPoints} value={r.basisPoints}>
              {t('backOffice.products.rateOption', { rate: formatRate(r.basisPoints), label: r.label })}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('backOffice.form.category')}
        <input
          value={category}
          list={listId}
          maxLength={40}
          required
          onChange={(e) => onCategory(e.target.value)}
        />
        <datalist id={listId}>
          {view.categories.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
      </label>
    </>
  );
}

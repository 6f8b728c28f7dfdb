// In place of the product grid when the catalogue is empty: a live till before the shop has
// any products (sandbox mode seeds a demo catalogue). Sales need products; card refunds do not.
import { useTranslation } from '../../i18n';
export function NoProducts() {
  const { t } = useTranslation();
  return (
    <section className="panel no-products" aria-label={t('sell.noProducts.label')}>
      <h2>{t('sell.noProducts.title')}</h2>
      <p>{t('sell.noProducts.text')}</p>
      <p className="hint">{t('sell.noProducts.refunds')}</p>
    </section>
  );
}

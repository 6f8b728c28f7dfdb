// The shop's usual order: what it orders again and again, with the quantities it usually takes.
import { useSupplies } from '../../state/supplies';
import { useTranslation } from '../../i18n';

export function UsualOrderPanel() {
  const { t } = useTranslation();
  const { usual } = useSupplies();
  const store = useSupplies.getState();
  return (
    <section aria-label={t('supplies.tabs.usual')} className="panel">
      <p>{t('supplies.usual.intro')}</p>
      {usual.length === 0 ? (
        <p>{t('supplies.usual.none')}</p>
      ) : (
        <ul>
          {usual.map((item) => (
            <li key={item.productId}>
              {t('supplies.usual.line', { quantity: item.usualQuantity, name: item.name })}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="primary"
        disabled={usual.length === 0}
        onClick={() => store.addUsual()}
      >
        {t('supplies.usual.putInCart')}
      </button>
    </section>
  );
}

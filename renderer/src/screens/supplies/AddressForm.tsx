// The delivery address, starting from the last order's or the shop's, checked as staff type.
import { ADDRESS_FIELDS, REQUIRED_ADDRESS_FIELDS } from '../../../../shared/supplies';
import { useSupplies } from '../../state/supplies';
import { useTranslation } from '../../i18n';

export function AddressForm() {
  const { t } = useTranslation();
  const { address, addressProblems } = useSupplies();
  const store = useSupplies.getState();
  const ready = Object.keys(addressProblems).length === 0;
  return (
    <section aria-label={t('supplies.deliveryAddress')} className="panel supplies-address">
      <h2>{t('supplies.deliveryAddress')}</h2>
      <div className="supplies-fields">
        {ADDRESS_FIELDS.map((field) => {
          const problem = addressProblems[field];
          const id = `supplies-${field}`;
          return (
            <label key={field} htmlFor={id}>
              <span>
                {REQUIRED_ADDRESS_FIELDS.includes(field)
                  ? t(`supplies.field.${field}`)
                  : t('supplies.optional', { label: t(`supplies.field.${field}`) })}
              </span>
              <input
                id={id}
                value={address[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(e) => store.setAddressField(field, e.target.value)}
              />
              {problem && (
                <span id={`${id}-problem`} className="field-problem" role="alert">
                  {problem}
                </span>
              )}
            </label>
          );
        })}
      </div>
      <div className="supplies-actions">
        <button type="button" onClick={() => void store.go('browse')}>
          {t('supplies.backToCart')}
        </button>
        <button type="button" className="primary" disabled={!ready} onClick={() => void store.go('confirm')}>
          {t('supplies.review')}
        </button>
      </div>
    </section>
  );
}

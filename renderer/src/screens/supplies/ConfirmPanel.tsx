// The last look before ordering: lines, total and address; then what became of the order.
import { formatMoney } from '../../../../shared/money';
import { countryName } from '../../../../shared/supplies';
import { cartTotal, useSupplies } from '../../state/supplies';
import { Trans, useTranslation } from '../../i18n';
import { wordsText } from '../../i18n/words';

function Outcome() {
  const { t } = useTranslation();
  const { result } = useSupplies();
  const store = useSupplies.getState();
  if (!result) return null;
  const said = wordsText(result.words, result.message);
  switch (result.outcome) {
    case 'placed':
      return (
        <div role="status" className="supplies-outcome ok">
          <p>
            {said}{' '}
            <Trans
              t={t}
              i18nKey="supplies.reference"
              values={{ reference: result.order.referenceNumber }}
              components={{ strong: <strong /> }}
            />
          </p>
          <button type="button" onClick={() => void store.print(result.order.id)}>
            {t('supplies.printConfirmation')}
          </button>
        </div>
      );
    case 'needs_confirmation':
      return (
        <div role="alert" className="supplies-outcome warn">
          <p>{said}</p>
          <button type="button" onClick={() => void store.place(true)}>
            {t('supplies.yesOrderAgain')}
          </button>
          <button type="button" onClick={() => void store.go('browse')}>
            {t('supplies.noBack')}
          </button>
        </div>
      );
    case 'in_doubt':
      return (
        <div role="alert" className="supplies-outcome warn">
          <p>{said}</p>
          <button type="button" onClick={() => void store.checkAttempt(result.attempt.attemptId)}>
            {t('supplies.checkAgain')}
          </button>
        </div>
      );
    case 'refused':
      return (
        <div role="alert" className="supplies-outcome bad">
          <p>{said}</p>
          <ul>
            {result.problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>{wordsText(p.words, p.message)}</li>
            ))}
          </ul>
        </div>
      );
    case 'not_placed':
      return (
        <div role="alert" className="supplies-outcome bad">
          <p>{said}</p>
        </div>
      );
  }
}

export function ConfirmPanel() {
  const { t } = useTranslation();
  const { cart, products, currency, address, placing, result } = useSupplies();
  const store = useSupplies.getState();
  const product = (id: number) => products?.find((p) => p.id === id);
  const placed = result?.outcome === 'placed';
  return (
    <section aria-label={t('supplies.confirm')} className="panel supplies-confirm">
      <h2>{placed ? t('supplies.placedTitle') : t('supplies.checkTitle')}</h2>
      {!placed && (
        <>
          <ul>
            {cart.map((l) => (
              <li key={l.productId}>
                {t('supplies.line', {
                  quantity: l.quantity,
                  name: product(l.productId)?.name ?? t('supplies.product'),
                  amount: formatMoney((product(l.productId)?.price ?? 0) * l.quantity, currency),
                })}
              </li>
            ))}
          </ul>
          <p className="supplies-total">
            {t('supplies.total')}{' '}
            <strong data-testid="confirm-total">{formatMoney(cartTotal(cart, products), currency)}</strong>
          </p>
          <p>
            {t('supplies.deliverTo', {
              address: [
                `${address.firstName} ${address.lastName}`.trim(),
                address.lineOne,
                `${address.city} ${address.postalCode}`.trim(),
                countryName(address.country),
              ].join(', '),
            })}
          </p>
        </>
      )}
      <Outcome />
      <div className="supplies-actions">
        {!placed && (
          <>
            <button type="button" onClick={() => void store.go('address')} disabled={placing}>
              {t('supplies.changeAddress')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={placing || cart.length === 0}
              onClick={() => void store.place()}
            >
              {placing ? t('supplies.placing') : t('supplies.place')}
            </button>
          </>
        )}
        {placed && (
          <button type="button" onClick={() => void store.go('browse')}>
            {t('supplies.orderMore')}
          </button>
        )}
      </div>
    </section>
  );
}

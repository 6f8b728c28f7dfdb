// Orders at the supplier, any whose answer was lost, and one order's timeline and tracking. With
// the supplier unreachable, the till's own records: the orders in doubt and the orders as last known.
import type { SupplyOrder } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ORDER_STAGES } from '../../../../shared/supplies';
import { statusText } from './status-text';
import { useSupplies } from '../../state/supplies';
import { i18n, useFormat, Trans, useTranslation } from '../../i18n';
import { wordsText } from '../../i18n/words';

function Timeline({ order }: { order: SupplyOrder }) {
  const { t } = useTranslation();
  if (order.stage === null) {
    return <p data-testid="order-status">{statusText(order.status)}</p>;
  }
  return (
    <ol className="supplies-timeline" aria-label={t('supplies.progress')}>
      {ORDER_STAGES.map((stage, index) => (
        <li
          key={stage}
          className={index < order.stage! ? 'done' : index === order.stage ? 'current' : 'later'}
          aria-current={index === order.stage ? 'step' : undefined}
        >
          {t(`supplies.stage.${stage}`)}
        </li>
      ))}
    </ol>
  );
}

/** The supplier's reference for an order; never the till's own number for it. */
function reference(order: SupplyOrder): string {
  return order.referenceNumber || i18n.t('supplies.withoutReference');
}

function OrderDetail({ order }: { order: SupplyOrder }) {
  const { t } = useTranslation();
  const { currency } = useSupplies();
  const store = useSupplies.getState();
  const a = order.address;
  return (
    <section aria-label={t('supplies.detail')} className="panel supplies-detail">
      <h2>{t('supplies.order', { reference: reference(order) })}</h2>
      <p>
        <Trans
          t={t}
          i18nKey="supplies.status"
          values={{ status: statusText(order.status) }}
          components={{ strong: <strong data-testid="order-status-words" /> }}
        />
      </p>
      <Timeline order={order} />
      <h3>{t('supplies.deliveries')}</h3>
      {order.shipments.length === 0 ? (
        <p>{t('supplies.nothingSent')}</p>
      ) : (
        <ul data-testid="shipments">
          {order.shipments.map((s) => (
            <li key={s.trackingId}>
              <Trans
                t={t}
                i18nKey="supplies.tracking"
                values={{ carrier: s.carrier || t('supplies.courier'), tracking: s.trackingId }}
                components={{ strong: <strong /> }}
              />
            </li>
          ))}
        </ul>
      )}
      <h3>{t('supplies.items')}</h3>
      <ul>
        {order.lines.map((l) => (
          <li key={l.productId}>
            {l.price === null
              ? t('supplies.itemLine', { quantity: l.quantity, name: l.name ?? t('supplies.noLongerListed') })
              : t('supplies.itemLinePrice', {
                  quantity: l.quantity,
                  name: l.name ?? t('supplies.noLongerListed'),
                  amount: formatMoney(l.price * l.quantity, currency),
                })}
          </li>
        ))}
      </ul>
      {order.totalPrice !== null && (
        <p>
          <Trans
            t={t}
            i18nKey="supplies.totalIs"
            values={{ amount: formatMoney(order.totalPrice, currency) }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
      <p>
        {t('supplies.deliverTo', {
          address: [`${a.firstName} ${a.lastName}`.trim(), a.lineOne, a.city, a.postalCode]
            .filter(Boolean)
            .join(', '),
        })}
      </p>
      <div className="supplies-actions">
        <button type="button" onClick={() => void store.openOrder(null)}>
          {t('supplies.backToOrders')}
        </button>
        <button type="button" onClick={() => store.orderAgain(order)}>
          {t('supplies.orderAgain')}
        </button>
        <button type="button" onClick={() => void store.print(order.id)}>
          {t('supplies.printConfirmation')}
        </button>
      </div>
    </section>
  );
}

/** What Check again on this tab found: the order placed once, or nothing ordered, or still in doubt. */
function Checked() {
  const { t } = useTranslation();
  const { checked } = useSupplies();
  if (!checked) return null;
  const said = wordsText(checked.words, checked.message);
  if (checked.outcome === 'placed') {
    return (
      <div role="status" className="supplies-outcome ok" data-testid="checked-outcome">
        <p>
          {said}{' '}
          <Trans
            t={t}
            i18nKey="supplies.reference"
            values={{ reference: reference(checked.order) }}
            components={{ strong: <strong /> }}
          />
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={`supplies-outcome ${checked.outcome === 'in_doubt' ? 'warn' : 'bad'}`}
      data-testid="checked-outcome"
    >
      <p>{said}</p>
    </div>
  );
}

/** The supplier did not answer: say so, why, and what the list below is. */
function Unreachable() {
  const { t } = useTranslation();
  const format = useFormat();
  const { supplierReach, orders } = useSupplies();
  if (!supplierReach || supplierReach.reachable) return null;
  return (
    <div role="status" className="supplies-outcome warn" data-testid="supplier-unreachable">
      <p>{t('supplies.unreachable.note')}</p>
      <p>{wordsText(supplierReach.words, supplierReach.message)}</p>
      {orders && orders.length > 0 && (
        <p>
          {supplierReach.ordersReadAt === null
            ? t('supplies.unreachable.ownOnly')
            : t('supplies.unreachable.lastKnown', { time: format.dateTime(supplierReach.ordersReadAt) })}
        </p>
      )}
    </div>
  );
}

export function OrdersPanel() {
  const { t } = useTranslation();
  const { orders, inDoubt, order, currency, supplierReach } = useSupplies();
  const store = useSupplies.getState();
  if (order) return <OrderDetail order={order} />;
  const unreachable = supplierReach?.reachable === false;
  return (
    <section aria-label={t('supplies.orders')} className="panel">
      <Unreachable />
      <Checked />
      {inDoubt.map((attempt) => (
        <div key={attempt.attemptId} role="alert" className="supplies-outcome warn">
          <p>{wordsText(attempt.words, attempt.message)}</p>
          {/* Only the supplier it went to can say; another one is not asked. */}
          {attempt.sentTo === 'current' && (
            <button type="button" onClick={() => void store.checkFromOrders(attempt.attemptId)}>
              {t('supplies.checkAgain')}
            </button>
          )}
        </div>
      ))}
      {orders === null ? (
        <p>{t('supplies.loadingOrders')}</p>
      ) : orders.length === 0 ? (
        !unreachable && <p>{t('supplies.noOrders')}</p>
      ) : (
        <ul className="supplies-orders" data-testid="supplies-orders">
          {orders.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                onClick={() => void store.openOrder(o.id)}
                aria-label={t('supplies.openOrder', { reference: reference(o) })}
              >
                {reference(o)}
              </button>
              <span>{statusText(o.status)}</span>
              <span>{o.totalPrice === null ? '' : formatMoney(o.totalPrice, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

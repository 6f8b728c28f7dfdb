// Orders at the supplier, any whose answer was lost, and one order's timeline and tracking.
import type { SupplyOrder } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ORDER_STAGES, stageWords } from '../../../../shared/supplies';
import { useSupplies } from '../../state/supplies';

function Timeline({ order }: { order: SupplyOrder }) {
  if (order.stage === null) {
    return <p data-testid="order-status">{order.statusWords}</p>;
  }
  return (
    <ol className="supplies-timeline" aria-label="Order progress">
      {ORDER_STAGES.map((stage, index) => (
        <li
          key={stage}
          className={index < order.stage! ? 'done' : index === order.stage ? 'current' : 'later'}
          aria-current={index === order.stage ? 'step' : undefined}
        >
          {stageWords(stage)}
        </li>
      ))}
    </ol>
  );
}

function OrderDetail({ order }: { order: SupplyOrder }) {
  const { currency } = useSupplies();
  const store = useSupplies.getState();
  const a = order.address;
  return (
    <section aria-label="Order detail" className="panel supplies-detail">
      <h2>Order {order.referenceNumber || order.id}</h2>
      <p>
        Status: <strong data-testid="order-status-words">{order.statusWords}</strong>
      </p>
      <Timeline order={order} />
      <h3>Deliveries</h3>
      {order.shipments.length === 0 ? (
        <p>Nothing has been sent yet.</p>
      ) : (
        <ul data-testid="shipments">
          {order.shipments.map((s) => (
            <li key={s.trackingId}>
              {s.carrier || 'Courier'}: tracking number <strong>{s.trackingId}</strong>
            </li>
          ))}
        </ul>
      )}
      <h3>Items</h3>
      <ul>
        {order.lines.map((l) => (
          <li key={l.productId}>
            {l.quantity} × {l.name ?? 'Product no longer listed'}
            {l.price !== null && ` · ${formatMoney(l.price * l.quantity, currency)}`}
          </li>
        ))}
      </ul>
      {order.totalPrice !== null && (
        <p>
          Total <strong>{formatMoney(order.totalPrice, currency)}</strong>
        </p>
      )}
      <p>
        Deliver to{' '}
        {[`${a.firstName} ${a.lastName}`.trim(), a.lineOne, a.city, a.postalCode].filter(Boolean).join(', ')}
      </p>
      <div className="supplies-actions">
        <button type="button" onClick={() => void store.openOrder(null)}>
          Back to the orders
        </button>
        <button type="button" onClick={() => store.orderAgain(order)}>
          Order these again
        </button>
        <button type="button" onClick={() => void store.print(order.id)}>
          Print confirmation
        </button>
      </div>
    </section>
  );
}

export function OrdersPanel() {
  const { orders, inDoubt, order, currency } = useSupplies();
  const store = useSupplies.getState();
  if (order) return <OrderDetail order={order} />;
  return (
    <section aria-label="Orders" className="panel">
      {inDoubt.map((attempt) => (
        <div key={attempt.attemptId} role="alert" className="supplies-outcome warn">
          <p>{attempt.message}</p>
          <button type="button" onClick={() => void store.checkAttempt(attempt.attemptId)}>
            Check again
          </button>
        </div>
      ))}
      {orders === null ? (
        <p>Loading the orders…</p>
      ) : orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul className="supplies-orders" data-testid="supplies-orders">
          {orders.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                onClick={() => void store.openOrder(o.id)}
                aria-label={`Open order ${o.referenceNumber || o.id}`}
              >
                {o.referenceNumber || o.id}
              </button>
              <span>{o.statusWords}</span>
              <span>{o.totalPrice === null ? '' : formatMoney(o.totalPrice, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

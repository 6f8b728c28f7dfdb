// The Supplies screen: order from the supplier (catalogue, cart, address, confirmation), follow
// orders to delivery, and keep the usual order.
import { useEffect, useState } from 'react';
import { useSupplies } from '../../state/supplies';
import { AddressForm } from './AddressForm';
import { CataloguePanel } from './CataloguePanel';
import { ConfirmPanel } from './ConfirmPanel';
import { OrdersPanel } from './OrdersPanel';
import { UsualOrderPanel } from './UsualOrderPanel';
import './supplies.css';
import { useTranslation } from '../../i18n';

type Tab = 'order' | 'orders' | 'usual';
/** The tabs in order; their names are `supplies.tabs.<id>`. */
const TABS: Tab[] = ['order', 'orders', 'usual'];

export function SuppliesScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('order');
  const { step, problem, notice, order } = useSupplies();

  useEffect(() => {
    const store = useSupplies.getState();
    void store.loadProducts();
    void store.loadUsual();
    return () => void store.openOrder(null);
  }, []);
  useEffect(() => {
    if (tab === 'orders') void useSupplies.getState().loadOrders();
  }, [tab]);
  // "Order these again" from an order's page goes back to the cart.
  useEffect(() => {
    if (order === null && step === 'browse' && tab === 'orders' && useSupplies.getState().cart.length > 0)
      setTab('order');
  }, [order, step, tab]);

  return (
    <section className="screen supplies" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('supplies.title')}</h1>
      <div role="tablist" aria-label={t('supplies.title')} className="supplies-tabs">
        {TABS.map((id) => (
          <button key={id} role="tab" type="button" aria-selected={tab === id} onClick={() => setTab(id)}>
            {t(`supplies.tabs.${id}`)}
          </button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="supplies-problem">
          {problem}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      {tab === 'order' && step === 'browse' && <CataloguePanel />}
      {tab === 'order' && step === 'address' && <AddressForm />}
      {tab === 'order' && step === 'confirm' && <ConfirmPanel />}
      {tab === 'orders' && <OrdersPanel />}
      {tab === 'usual' && <UsualOrderPanel />}
    </section>
  );
}

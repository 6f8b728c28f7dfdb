// The Supplies screen: order from the supplier (catalogue, cart, address, confirmation), follow
// orders to delivery, and keep the usual order.
import { useEffect } from 'react';
import { useSupplies, type SuppliesTab } from '../../state/supplies';
import { AddressForm } from './AddressForm';
import { CataloguePanel } from './CataloguePanel';
import { ConfirmPanel } from './ConfirmPanel';
import { OrdersPanel } from './OrdersPanel';
import { UsualOrderPanel } from './UsualOrderPanel';
import './supplies.css';
import { useTranslation } from '../../i18n';

/** The tabs in order; their names are `supplies.tabs.<id>`. */
const TABS: SuppliesTab[] = ['order', 'orders', 'usual'];

export function SuppliesScreen() {
  const { t } = useTranslation();
  // The tab is the store's: "Order these again" on an order's page goes to the cart by itself,
  // and the cart stays as it is while the other tabs are open.
  const { tab, step, problem, notice } = useSupplies();

  useEffect(() => {
    const store = useSupplies.getState();
    void store.loadProducts();
    void store.loadUsual();
    return () => {
      void store.openOrder(null);
      store.showTab('order');
    };
  }, []);
  useEffect(() => {
    if (tab === 'orders') void useSupplies.getState().loadOrders();
  }, [tab]);

  return (
    <section className="screen supplies" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('supplies.title')}</h1>
      <div role="tablist" aria-label={t('supplies.title')} className="supplies-tabs">
        {TABS.map((id) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            onClick={() => useSupplies.getState().showTab(id)}
          >
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

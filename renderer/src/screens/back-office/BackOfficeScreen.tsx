// The back office: the shop's catalogue (products, categories, VAT rates, CSV import/export,
// adding from the supplier) and its staff. Every part is a manager's: the services refuse it to
// anyone else, and the screen then asks for a manager's PIN (approval at the counter). All of it
// works by keyboard alone: the tabs by the arrow keys, Escape leaves a product form or an import
// preview, and focus goes back to where the work began (docs/back-office.md, "Keyboard").
import { useEffect, useState } from 'react';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { panelId, TabList, tabId } from '../../components/TabList';
import { useCatalogue } from '../../state/catalogue';
import { CategoriesPanel } from './CategoriesPanel';
import { ConflictsPanel } from './ConflictsPanel';
import { useShell } from '../../state/shell';
import { ImportExportPanel } from './ImportExportPanel';
import { ProductsPanel } from './ProductsPanel';
import { StaffPanel } from './staff/StaffPanel';
import { SupplierPanel } from './SupplierPanel';
import { VatRatesPanel } from './VatRatesPanel';
import './back-office.css';
import { useTranslation } from '../../i18n';

/** The tabs in order; their names are `backOffice.tabs.<id>`. Conflicts only with a shop server. */
const TABS = ['products', 'categories', 'vat', 'import', 'supplier', 'staff', 'conflicts'] as const;
type TabId = (typeof TABS)[number];

function Tab({ id }: { id: TabId }) {
  switch (id) {
    case 'products':
      return <ProductsPanel />;
    case 'categories':
      return <CategoriesPanel />;
    case 'vat':
      return <VatRatesPanel />;
    case 'import':
      return <ImportExportPanel />;
    case 'supplier':
      return <SupplierPanel />;
    case 'staff':
      return <StaffPanel />;
    case 'conflicts':
      return <ConflictsPanel />;
  }
}

export function BackOfficeScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('products');
  const view = useCatalogue((s) => s.view);
  const busy = useCatalogue((s) => s.busy);
  const problem = useCatalogue((s) => s.problem);
  const notice = useCatalogue((s) => s.notice);
  const managerNeeded = useCatalogue((s) => s.managerNeeded);
  const withShopServer = useShell((s) => s.status?.shopServer !== undefined);
  const tabs: readonly TabId[] = withShopServer ? TABS : TABS.filter((id) => id !== 'conflicts');

  useEffect(() => {
    void useCatalogue.getState().load();
  }, []);

  return (
    <section className="back-office" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('backOffice.title')}</h1>
      {managerNeeded && (
        <div className="notice notice-warn" role="alert">
          <p>{t('backOffice.managerOnly')}</p>
          <ManagerPinForm
            reason={managerNeeded}
            busy={busy}
            onApprove={(pin) => useCatalogue.getState().approve(pin)}
          />
        </div>
      )}
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {/* A view loaded for an earlier manager stays hidden while the services refuse this person. */}
      {view && !managerNeeded && (
        <>
          <TabList
            ids={tabs}
            selected={tab}
            onSelect={(id) => {
              useCatalogue.getState().clearMessages();
              setTab(id);
            }}
            label={t('backOffice.title')}
            tabLabel={(id) => t(`backOffice.tabs.${id}`)}
            prefix="back-office"
            className="category-tabs"
          />
          <div role="tabpanel" id={panelId('back-office')} aria-labelledby={tabId('back-office', tab)}>
            <Tab id={tabs.includes(tab) ? tab : 'products'} />
          </div>
        </>
      )}
    </section>
  );
}

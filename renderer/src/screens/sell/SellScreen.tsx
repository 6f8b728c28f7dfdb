// The Sell screen: products on the left (or the tender, payment progress, completion or
// refunds in their place), the basket on the right. Card payment progress arrives as events
// (state/events.ts); on mount the screen resumes any payment still in flight (e.g. after a
// page reload).
import { useEffect } from 'react';
import { till } from '../../till';
import { useSale } from '../../state/sale';
import { Basket } from './Basket';
import { CompletedPanel } from './CompletedPanel';
import { NoProducts } from './NoProducts';
import { PaymentPanel } from './PaymentPanel';
import { ProductGrid } from './ProductGrid';
import { RefundsPanel } from './RefundsPanel';
import { TenderPanel } from './TenderPanel';
import { useBarcodeScanner } from './useBarcodeScanner';
import { findBySku } from '../../state/catalogue-index';
import { CounterBar } from './CounterBar';
import { FirstStartPanel } from '../backup/FirstStartPanel';
import { useSellKeys } from './useSellKeys';
import { useSettings } from '../../state/settings';
import './sell.css';
import { useTranslation } from '../../i18n';

function useCatalogueAndResume(): void {
  useEffect(() => {
    if (!till) return;
    const store = useSale.getState();
    void store.loadCatalogue();
    void store.resume();
  }, []);
}

function MainPanel() {
  const index = useSale((s) => s.index);
  const phase = useSale((s) => s.phase);
  const sale = useSale((s) => s.sale);
  const payment = useSale((s) => s.payment);
  if (phase === 'payment' && payment) return <PaymentPanel payment={payment} />;
  if (phase === 'completed' && sale) return <CompletedPanel sale={sale} />;
  if (phase === 'tender' && sale) return <TenderPanel sale={sale} />;
  if (phase === 'refunds') return <RefundsPanel />;
  if (!index) return null;
  return index.all.length === 0 ? <NoProducts /> : <ProductGrid index={index} />;
}

const barcodeScanner = {
  knows(code: string) {
    const { index } = useSale.getState();
    return index !== null && findBySku(index, code) !== undefined;
  },
  scan: (code: string) => useSale.getState().scan(code),
};

const askReceipt = () => useSettings.getState().view?.settings.counter?.receiptAfterSale === 'ask';

export function SellScreen() {
  const { t } = useTranslation();
  useCatalogueAndResume();
  useBarcodeScanner(barcodeScanner);
  useSellKeys(askReceipt);
  const index = useSale((s) => s.index);
  const catalogueError = useSale((s) => s.catalogueError);
  const note = useSale((s) => s.note);
  const phase = useSale((s) => s.phase);
  const sale = useSale((s) => s.sale);

  return (
    <section className="sell" aria-labelledby="screen-title">
      <div className="sell-head">
        <h1 id="screen-title">{t('sell.screen.title')}</h1>
        {note && (
          <p className="sell-note" role="status">
            {note}
          </p>
        )}
        {phase === 'basket' && !sale && (
          <button
            type="button"
            className="refunds-entry"
            onClick={() => useSale.getState().setPhase('refunds')}
          >
            {t('sell.screen.refunds')}
          </button>
        )}
        {(phase === 'basket' || phase === 'completed') && <CounterBar />}
      </div>
      {catalogueError && (
        <p className="notice notice-error" role="alert">
          {t('sell.screen.catalogueFailed', { reason: catalogueError })}{' '}
          <button type="button" onClick={() => void useSale.getState().loadCatalogue()}>
            {t('sell.screen.tryAgain')}
          </button>
        </p>
      )}
      {!index && !catalogueError && <p>{t('sell.screen.loading')}</p>}
      {index && (
        <div className="sell-body">
          <div className="sell-main">
            {phase === 'basket' && <FirstStartPanel />}
            <MainPanel />
          </div>
          <Basket index={index} />
        </div>
      )}
    </section>
  );
}

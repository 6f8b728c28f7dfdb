// The basket: one memoised row per line (a 200-line basket re-renders only the changed row), each
// with its own discount or price change; the basket discount; totals in the sale's currency
// (estimated with the services' own maths until the sale opens, then the services' figures);
// clear-with-confirmation; the supervisor's approval when the services ask for it; Pay, and the
// one-key payments with their keys shown.
import { memo, useMemo, useState } from 'react';
import type { DiscountInput, Product } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { useTranslation } from '../../i18n';
import { oversizedDiscountText } from '../../i18n/words';
import { changedPrices, pricedBasket, shownPrice, type BasketLine } from '../../state/basket';
import type { CatalogueIndex } from '../../state/catalogue-index';
import { useSale } from '../../state/sale';
import { useNoSaleOpen } from './CounterBar';
import { DiscountEditor, discountWords, PriceEditor } from './DiscountEditor';
import { SELL_KEYS } from './useSellKeys';

type Editing = 'discount' | 'price' | null;

const BasketRow = memo(function BasketRow({
  line,
  gross,
  lineDiscount,
  product,
  unitPrice,
  currency,
  locked,
}: {
  line: BasketLine;
  /** Numbers, not the priced line object: pricing the basket makes new objects for every line,
   * which would re-render all 200 rows (and their words) on each tap. */
  gross: number;
  lineDiscount: number;
  product: Product | undefined;
  unitPrice: number;
  currency: string;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const name = product?.name ?? t('counter.basket.gone');
  const { setQuantity, remove, setLineDiscount, setLinePrice } = useSale.getState();
  // The basket keeps the price the line went in at; the catalogue's new one is shown beside it.
  const newPrice =
    product && line.unitPrice !== undefined && product.price !== line.unitPrice ? product.price : null;
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <li className="basket-line" data-testid="basket-line">
      <span className="line-name">{name}</span>
      <span className="line-unit">
        {t('counter.basket.each', { price: money(unitPrice) })}
        {line.priceOverride && (
          <span className="line-override">
            {' '}
            {t('counter.basket.wasPrice', { price: money(line.unitPrice ?? product?.price ?? 0) })}
          </span>
        )}
        {newPrice !== null && (
          <span className="line-new-price"> {t('counter.basket.nowPrice', { price: money(newPrice) })}</span>
        )}
      </span>
      {locked ? (
        <span className="line-qty locked">× {line.quantity}</span>
      ) : (
        <div
          className="line-qty"
          role="group"
          aria-label={t('sell.basket.quantityOf', { name, quantity: line.quantity })}
        >
          <button
            type="button"
            aria-label={t('sell.basket.oneFewer', { name })}
            onClick={() => setQuantity(line.productId, line.quantity - 1)}
          >
            −
          </button>
          <span className="qty">{line.quantity}</span>
          <button
            type="button"
            aria-label={t('sell.basket.oneMore', { name })}
            onClick={() => setQuantity(line.productId, line.quantity + 1)}
          >
            +
          </button>
        </div>
      )}
      <span className="line-total">{money(gross - lineDiscount)}</span>
      {!locked && (
        <button
          type="button"
          className="line-remove"
          aria-label={t('sell.basket.remove', { name })}
          onClick={() => remove(line.productId)}
        >
          ✕
        </button>
      )}
      {line.discount && (
        <span className="line-discount" data-testid="line-discount">
          {t('counter.basket.lineDiscount', {
            discount: discountWords(line.discount, currency),
            amount: money(lineDiscount),
          })}
        </span>
      )}
      {!locked && editing === null && (
        <span className="line-actions">
          <button
            type="button"
            className="link-button"
            aria-label={t('counter.basket.discountFor', { name })}
            onClick={() => setEditing('discount')}
          >
            {t('counter.basket.discount')}
          </button>
          <button
            type="button"
            className="link-button"
            aria-label={t('counter.basket.priceFor', { name })}
            onClick={() => setEditing('price')}
          >
            {t('counter.basket.price')}
          </button>
        </span>
      )}
      {editing === 'discount' && (
        <DiscountEditor
          label={t('counter.basket.discountFor', { name })}
          currency={currency}
          base={gross}
          lineName={name}
          current={line.discount ?? null}
          onApply={(d) => setLineDiscount(line.productId, d)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing === 'price' && (
        <PriceEditor
          label={t('counter.basket.priceFor', { name })}
          current={line.priceOverride ?? null}
          onApply={(o) => setLinePrice(line.productId, o)}
          onClose={() => setEditing(null)}
        />
      )}
    </li>
  );
});

function BasketDiscount({
  discount,
  amount,
  subtotal,
  currency,
}: {
  discount: DiscountInput | null;
  amount: number;
  /** What the basket discount applies to: the basket after its lines' own discounts. */
  subtotal: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const locked = useSale((s) => s.sale !== null);
  if (editing)
    return (
      <DiscountEditor
        label={t('counter.basket.basketDiscount')}
        currency={currency}
        base={subtotal}
        current={discount}
        onApply={(d) => useSale.getState().setBasketDiscount(d)}
        onClose={() => setEditing(false)}
      />
    );
  return (
    <div className="total-row">
      {discount ? (
        <>
          <span>{t('counter.basket.basketDiscountIs', { discount: discountWords(discount, currency) })}</span>
          <span data-testid="basket-discount">−{formatMoney(amount, currency)}</span>
        </>
      ) : null}
      {!locked && (
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          {discount ? t('counter.basket.changeDiscount') : t('counter.basket.addBasketDiscount')}
        </button>
      )}
    </div>
  );
}

function QuickPay({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { payByCard, payCashNow, payExactCash, park } = useSale.getState();
  const keyed = [
    { key: SELL_KEYS.card, label: t('counter.keys.card'), run: payByCard },
    { key: SELL_KEYS.cash, label: t('counter.keys.cash'), run: payCashNow },
    { key: SELL_KEYS.exactCash, label: t('counter.keys.exactCash'), run: payExactCash },
    { key: SELL_KEYS.park, label: t('counter.keys.park'), run: () => park('') },
  ];
  return (
    <div className="quick-pay" role="group" aria-label={t('counter.keys.group')}>
      {keyed.map((k) => (
        <button
          key={k.key}
          type="button"
          disabled={disabled}
          aria-keyshortcuts={k.key}
          onClick={() => void k.run()}
        >
          {k.label} <kbd>{k.key}</kbd>
        </button>
      ))}
    </div>
  );
}

export function Basket({ index }: { index: CatalogueIndex }) {
  const { t } = useTranslation();
  const lines = useSale((s) => s.lines);
  const sale = useSale((s) => s.sale);
  const phase = useSale((s) => s.phase);
  const busy = useSale((s) => s.busy);
  const problem = useSale((s) => s.problem);
  const basketDiscount = useSale((s) => s.basketDiscount);
  const counterNeeded = useSale((s) => s.counterNeeded);
  const noSaleOpen = useNoSaleOpen((s) => s.open);
  const [confirmClear, setConfirmClear] = useState(false);
  const locked = sale !== null;
  const currency = sale?.currency ?? index.currency;

  const priced = useMemo(() => pricedBasket(lines, index, basketDiscount), [lines, index, basketDiscount]);
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  const estimate = priced.total;
  const repriced = useMemo(() => (locked ? [] : changedPrices(lines, index)), [locked, lines, index]);
  const total = sale?.total ?? estimate;
  // A discount grown larger than what it applies to (a quantity lowered after it was given):
  // said in the services' words and nothing is paid until it is made smaller; never capped.
  const oversized = locked ? null : priced.oversized;
  const oversizedWords =
    oversized &&
    oversizedDiscountText(
      oversized,
      currency,
      oversized.on === 'line'
        ? (index.byId.get(lines[oversized.index]!.productId)?.name ?? t('counter.basket.gone'))
        : '',
    );
  const cannotPay = lines.length === 0 || busy || oversized !== null;

  return (
    <aside className="basket" aria-label={t('sell.basket.label')}>
      <div className="basket-head">
        <h2>
          {t('sell.basket.title')}{' '}
          <span className="item-count">{t('counter.basket.items', { count: itemCount })}</span>
        </h2>
        {sale && <span className="receipt-no">{t('sell.basket.sale', { receipt: sale.receiptNumber })}</span>}
        {!locked && lines.length > 0 && !confirmClear && (
          <button type="button" className="link-button" onClick={() => setConfirmClear(true)}>
            {t('sell.basket.clear')}
          </button>
        )}
      </div>
      {confirmClear && (
        <div className="confirm" role="alertdialog" aria-label={t('sell.basket.clearQuestion')}>
          <p>{t('sell.basket.clearAll', { count: lines.length })}</p>
          <div className="row">
            <button
              type="button"
              className="danger"
              onClick={() => {
                useSale.getState().clear();
                setConfirmClear(false);
              }}
            >
              {t('sell.basket.yesClear')}
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              {t('sell.basket.keep')}
            </button>
          </div>
        </div>
      )}
      {lines.length === 0 ? (
        <p className="basket-empty">{t('counter.basket.empty')}</p>
      ) : (
        <ul className="basket-lines" aria-label={t('sell.basket.lines')}>
          {lines.map((line, i) => (
            <BasketRow
              key={line.productId}
              line={line}
              gross={priced.lines[i]!.gross}
              lineDiscount={priced.lines[i]!.lineDiscount}
              product={index.byId.get(line.productId)}
              unitPrice={shownPrice(line, index)}
              currency={currency}
              locked={locked}
            />
          ))}
        </ul>
      )}
      {repriced.length > 0 && (
        <div className="notice notice-warn price-changed" role="alert">
          <p>{t('sell.basket.repriced', { count: repriced.length })}</p>
          <button type="button" className="primary" onClick={() => useSale.getState().useNewPrices()}>
            {t('sell.basket.useNewPrice')}
          </button>
        </div>
      )}
      {oversizedWords && (
        <p className="notice notice-error" role="alert" data-testid="discount-too-big">
          {oversizedWords}
        </p>
      )}
      <div className="totals">
        {lines.length > 0 && (
          <BasketDiscount
            discount={basketDiscount}
            amount={sale?.discount?.amount ?? priced.basketDiscount}
            subtotal={priced.subtotal}
            currency={currency}
          />
        )}
        {sale && sale.paid > 0 && (
          <>
            <div className="total-row">
              <span>{t('sell.basket.paid')}</span>
              <span>{formatMoney(sale.paid, currency)}</span>
            </div>
            <div className="total-row">
              <span>{t('sell.basket.stillDue')}</span>
              <span data-testid="basket-due">{formatMoney(sale.due, currency)}</span>
            </div>
          </>
        )}
        <div className="total-row grand">
          <span>{t('sell.basket.total')}</span>
          <span data-testid="basket-total" aria-label={t('sell.basket.totalLabel')}>
            {formatMoney(total, currency)}
          </span>
        </div>
        {counterNeeded && !noSaleOpen && (
          <div className="counter-approval">
            <ManagerPinForm
              reason={counterNeeded}
              busy={busy}
              onApprove={(pin) => useSale.getState().approveCounter(pin)}
            />
            <button type="button" className="link-button" onClick={() => useSale.getState().cancelCounter()}>
              {t('common.cancel')}
            </button>
          </div>
        )}
        {phase === 'basket' && !sale && problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        {phase === 'basket' && (
          <>
            <button
              type="button"
              className="primary pay-button"
              disabled={cannotPay}
              onClick={() => void useSale.getState().pay()}
            >
              {sale
                ? t('sell.basket.continuePayment')
                : t('sell.basket.pay', { amount: formatMoney(total, currency) })}
            </button>
            <QuickPay disabled={cannotPay} />
          </>
        )}
      </div>
    </aside>
  );
}

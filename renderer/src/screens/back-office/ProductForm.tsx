// Adding or changing one product: name, SKU, category, VAT-inclusive price, VAT rate, tile colour
// and picture, barcodes (scan them into the field), on sale or archived. The services check it
// again (unique SKU and barcodes, one of the shop's VAT rates) and say what to fix.
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_CHARS, type CatalogueAdmin, type Product } from '../../../../shared/contract';
import { amountText, parseAmount } from '../../../../shared/money';
import { useCatalogue } from '../../state/catalogue';
import { i18n, useTranslation } from '../../i18n';
import { VatAndCategoryFields } from './VatAndCategoryFields';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(i18n.t('backOffice.form.pictureUnreadable')));
    reader.readAsDataURL(file);
  });
}

export function ProductForm({
  product,
  view,
  onClose,
}: {
  /** null: a new product. */
  product: Product | null;
  view: CatalogueAdmin;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const busy = useCatalogue((s) => s.busy);
  const lastSaved = useCatalogue((s) => s.lastSaved);
  const openedWith = useRef(lastSaved);
  const [name, setName] = useState(product?.name ?? '');
  const [sku, setSku] = useState(product?.sku ?? '');
  const [category, setCategory] = useState(product?.category ?? view.categories[0]?.name ?? '');
  const [price, setPrice] = useState(product ? amountText(product.price) : '');
  const [vatRate, setVatRate] = useState(product?.vatRate ?? view.vatRates[0]?.basisPoints ?? 0);
  const [colour, setColour] = useState<string | null>(product?.colour ?? null);
  const [image, setImage] = useState<string | null>(product?.image ?? null);
  const [barcodes, setBarcodes] = useState(product?.barcodes.join(' ') ?? '');
  const [active, setActive] = useState(product?.active ?? true);
  const [problem, setProblem] = useState<string | null>(null);

  // Saved (also when a manager's approval sent it again): the form's work is done.
  useEffect(() => {
    if (lastSaved && lastSaved !== openedWith.current) onClose();
  }, [lastSaved, onClose]);

  const parsedPrice = parseAmount(price);
  const save = () => {
    if (!parsedPrice.ok) {
      setProblem(
        t('backOffice.form.priceProblem', { reason: t(`amount.${parsedPrice.problem}`, { text: price }) }),
      );
      return;
    }
    setProblem(null);
    void useCatalogue.getState().saveProduct({
      ...(product && { id: product.id }),
      name,
      sku,
      category,
      price: parsedPrice.minor,
      vatRate,
      colour,
      image,
      barcodes: barcodes.split(/[\s,]+/).filter(Boolean),
      active,
    });
  };

  return (
    <form
      className="product-form"
      aria-label={product ? t('backOffice.form.change', { name: product.name }) : t('backOffice.form.new')}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      // Escape leaves the form as Cancel does (a list of suggestions open takes it first).
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onClose();
      }}
    >
      <h2>{product ? t('backOffice.form.change', { name: product.name }) : t('backOffice.form.new')}</h2>
      <div className="form-grid">
        <label className="field">
          {t('backOffice.form.name')}
          <input value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
        <label className="field">
          {t('backOffice.form.price')}
          <input
            value={price}
            inputMode="decimal"
            required
            aria-invalid={price !== '' && !parsedPrice.ok ? true : undefined}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <VatAndCategoryFields
          view={view}
          vatRate={vatRate}
          onVatRate={setVatRate}
          category={category}
          onCategory={setCategory}
          listId="back-office-categories"
        />
        <label className="field">
          {t('backOffice.form.sku')}
          <input value={sku} maxLength={40} onChange={(e) => setSku(e.target.value)} />
        </label>
        <label className="field">
          {t('backOffice.form.barcodes')}
          <input value={barcodes} onChange={(e) => setBarcodes(e.target.value)} />
        </label>
        <div className="field">
          <span>{t('backOffice.form.colour')}</span>
          <div className="row">
            <input
              type="color"
              aria-label={t('backOffice.form.colour')}
              value={colour ?? '#607080'}
              onChange={(e) => setColour(e.target.value)}
            />
            <button type="button" onClick={() => setColour(null)} disabled={colour === null}>
              {t('backOffice.form.categoryColour')}
            </button>
          </div>
        </div>
        <div className="field">
          <span>{t('backOffice.form.picture', { size: Math.floor((MAX_IMAGE_CHARS * 3) / 4 / 1024) })}</span>
          <div className="row">
            {image && <img className="product-image" src={image} alt="" />}
            <input
              type="file"
              aria-label={t('backOffice.form.choosePicture')}
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                void readAsDataUrl(file).then((url) =>
                  url.length > MAX_IMAGE_CHARS
                    ? setProblem(t('backOffice.form.pictureTooLarge'))
                    : setImage(url),
                );
              }}
            />
            {image && (
              <button type="button" onClick={() => setImage(null)}>
                {t('backOffice.form.removePicture')}
              </button>
            )}
          </div>
        </div>
        <label className="field checkbox">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('backOffice.form.onSale')}
        </label>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {t('backOffice.form.save')}
        </button>
        <button type="button" aria-keyshortcuts="Escape" onClick={onClose}>
          {t('backOffice.form.cancel')}
        </button>
      </div>
    </form>
  );
}

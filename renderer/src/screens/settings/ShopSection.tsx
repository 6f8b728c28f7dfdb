// The shop's own details, printed at the top and foot of every sale receipt. The VAT rate is
// typed in percent and kept as whole basis points (20 % = 2000), never as a float.
import { rateText } from '../../../../shared/vat';
import { useSettings } from '../../state/settings';
import { useTranslation } from '../../i18n';
import { Field, SectionCard, useAction, useDraft } from './section';

/** "20" or "17.5" or "5,25" → 2000, 1750, 525 basis points; null for empty; undefined when unreadable. */
export function percentToBasisPoints(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.').replace(/\s*%$/, '');
  if (clean === '') return null;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return undefined;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : undefined;
}

/** A rate for its field: "20", "17.5" (en-GB) or "17,5" (de-DE); empty when there is none. */
export function basisPointsToPercent(points: number | null): string {
  return points === null ? '' : rateText(points);
}

export function ShopSection() {
  const { t } = useTranslation();
  const shop = useSettings((s) => s.view?.settings.shop);
  const source = {
    name: shop?.name ?? '',
    addressLines: (shop?.addressLines ?? []).join('\n'),
    phone: shop?.phone ?? '',
    vatNumber: shop?.vatNumber ?? '',
    vatRate: basisPointsToPercent(shop?.vatRateBasisPoints ?? null),
    receiptFooter: shop?.receiptFooter ?? '',
  };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  const vatPoints = percentToBasisPoints(draft.vatRate);
  const field = (key: keyof typeof source) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  const onSave = () =>
    void save.run(async () => {
      if (vatPoints === undefined) throw new Error(t('settings.shop.vatRateProblem'));
      await useSettings.getState().update({
        shop: {
          name: draft.name.trim(),
          addressLines: draft.addressLines
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
          phone: draft.phone.trim(),
          vatNumber: draft.vatNumber.trim(),
          vatRateBasisPoints: vatPoints,
          receiptFooter: draft.receiptFooter,
        },
      });
    });

  return (
    <SectionCard
      id="shop"
      title={t('settings.sections.shop')}
      intro={t('settings.shop.intro')}
      save={{ dirty, state: save.state, onSave, onUndo: reset }}
    >
      <div className="field-grid">
        <Field label={t('settings.shop.name')}>
          <input maxLength={80} {...field('name')} />
        </Field>
        <Field label={t('settings.shop.phone')}>
          <input type="tel" maxLength={40} {...field('phone')} />
        </Field>
        <Field label={t('settings.shop.address')} hint={t('settings.shop.addressHint')}>
          <textarea rows={4} {...field('addressLines')} />
        </Field>
        <Field label={t('settings.shop.footer')} hint={t('settings.shop.footerHint')}>
          <textarea rows={4} maxLength={500} {...field('receiptFooter')} />
        </Field>
        <Field label={t('settings.shop.vatNumber')}>
          <input maxLength={40} {...field('vatNumber')} />
        </Field>
        <Field
          label={t('settings.shop.vatRate')}
          hint={vatPoints === undefined ? t('settings.shop.vatRateBad') : t('settings.shop.vatRateHint')}
        >
          <input inputMode="decimal" {...field('vatRate')} aria-invalid={vatPoints === undefined} />
        </Field>
      </div>
    </SectionCard>
  );
}

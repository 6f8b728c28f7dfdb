// How the counter works (docs/selling.md): the largest discount staff may give without a
// supervisor's approval, and whether the sale receipt prints at once or the customer chooses.
import { useSettings } from '../../state/settings';
import { useTranslation } from '../../i18n';
import { basisPointsToPercent, percentToBasisPoints } from './ShopSection';
import { Field, SectionCard, Segmented, useAction, useDraft } from './section';

export function CounterSection() {
  const { t } = useTranslation();
  const counter = useSettings((s) => s.view?.settings.counter);
  const source = {
    limit: basisPointsToPercent(counter?.discountLimitBasisPoints ?? 1000),
    receipt: counter?.receiptAfterSale ?? 'print',
  };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  const limit = percentToBasisPoints(draft.limit);
  const onSave = () =>
    void save.run(async () => {
      if (limit === undefined || limit === null) throw new Error(t('counter.settings.limitUnreadable'));
      await useSettings.getState().update({
        counter: { discountLimitBasisPoints: limit, receiptAfterSale: draft.receipt },
      });
    }, t('counter.settings.saved'));
  return (
    <SectionCard
      id="counter"
      title={t('counter.settings.title')}
      intro={t('counter.settings.intro')}
      save={{ dirty, state: save.state, onSave, onUndo: reset }}
    >
      <div className="field-grid">
        <Field label={t('counter.settings.limit')} hint={t('counter.settings.limitHint')}>
          <input
            inputMode="decimal"
            value={draft.limit}
            onChange={(e) => setDraft((d) => ({ ...d, limit: e.target.value }))}
          />
        </Field>
        <Segmented
          name="receipt-after-sale"
          legend={t('counter.settings.receipt')}
          value={draft.receipt}
          options={[
            { value: 'print', label: t('counter.settings.receiptPrint') },
            { value: 'ask', label: t('counter.settings.receiptAsk') },
          ]}
          onChange={(receipt) => setDraft((d) => ({ ...d, receipt }))}
        />
      </div>
    </SectionCard>
  );
}

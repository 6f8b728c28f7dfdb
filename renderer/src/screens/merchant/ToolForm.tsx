// The chosen tool: its description, a form made from its input schema, the confirmation a
// tool that changes something needs (what will change), and the answer.
import { useId } from 'react';
import { useMerchant } from '../../state/merchant';
import { moneyFieldsOf } from './money-fields';
import type { FormField } from './schema-form';
import { ToolResult } from './ToolResult';
import { Trans, useTranslation } from '../../i18n';

function Field({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const id = useId();
  const value = useMerchant((s) => s.values[field.name]);
  const problem = useMerchant((s) => s.problems[field.name]);
  const setValue = useMerchant.getState().setValue;
  const hint = field.description || (field.required ? '' : t('merchant.optional'));
  const describedBy = `${id}-hint ${id}-problem`;
  let input;
  if (field.kind === 'unsupported') {
    // Nothing to type: the hint says where this can be done instead.
    return (
      <div className="merchant-field">
        <span>{field.label}</span>
        <small>{field.description}</small>
        {problem && (
          <small className="merchant-problem" role="alert">
            {problem}
          </small>
        )}
      </div>
    );
  }
  if (field.kind === 'boolean') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(e) => setValue(field.name, e.target.checked)}
      />
    );
  } else if (field.kind === 'enum') {
    input = (
      <select
        id={id}
        value={String(value ?? '')}
        onChange={(e) => setValue(field.name, e.target.value)}
        aria-describedby={describedBy}
      >
        {!field.required && <option value="">{t('merchant.any')}</option>}
        {field.required && value === '' && <option value="">{t('merchant.choose')}</option>}
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        type="text"
        inputMode={field.kind === 'string' ? 'text' : field.kind === 'integer' ? 'numeric' : 'decimal'}
        value={String(value ?? '')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => setValue(field.name, e.target.value)}
      />
    );
  }
  return (
    <div className="merchant-field">
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {input}
      <small id={`${id}-hint`}>{hint}</small>
      {problem && (
        <small id={`${id}-problem`} className="merchant-problem" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}

export function ToolForm({ currency }: { currency: string | null }) {
  const { t } = useTranslation();
  const { tools, selected, fields, confirming, running, result } = useMerchant();
  const store = useMerchant.getState();
  const tool = tools?.find((t) => t.name === selected);
  if (!tool) return <p className="merchant-empty">{t('merchant.chooseTool')}</p>;
  return (
    <section aria-label={tool.title} className="panel merchant-tool">
      <h2>{tool.title}</h2>
      <p>{tool.description}</p>
      {tool.writes && <p className="merchant-warn">{t('merchant.writes')}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void store.run();
        }}
      >
        {fields.map((f) => (
          <Field key={f.name} field={f} />
        ))}
        {!confirming && (
          <button type="submit" className="primary" disabled={running}>
            {running ? t('merchant.working') : tool.writes ? t('merchant.review') : t('merchant.run')}
          </button>
        )}
      </form>
      {confirming && (
        <div role="alertdialog" aria-label={t('merchant.confirmLabel')} className="merchant-confirm">
          <p>
            <Trans
              t={t}
              i18nKey="merchant.willChange"
              values={{ tool: confirming.title }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ul>
            {confirming.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
          <button type="button" className="primary" disabled={running} onClick={() => void store.confirm()}>
            {running ? t('merchant.making') : t('merchant.yes')}
          </button>
          <button type="button" disabled={running} onClick={() => store.cancelConfirm()}>
            {t('merchant.no')}
          </button>
        </div>
      )}
      {result && <ToolResult result={result} currency={currency} money={moneyFieldsOf(tool.outputSchema)} />}
    </section>
  );
}

// One outside service (card payments, supplies, merchant tools): sandbox or live, the live
// address, the live sign-in kept in the keychain, and a connection test in plain words.
import { useId, type ReactNode } from 'react';
import { useSettings, type SecretKey, type ServiceName } from '../../state/settings';
import { listedTerminalName, useTerminalName, useTerminals } from '../../state/terminals';
import { SecretField } from './SecretField';
import { Field, SectionCard, Segmented, useAction, useDraft } from './section';
import { useTranslation } from '../../i18n';

type Mode = 'sandbox' | 'live';

export interface ServiceSectionProps {
  id: string;
  service: ServiceName;
  title: string;
  intro: ReactNode;
  /** The live sign-in this service needs, kept in the keychain. */
  secrets: { key: SecretKey; label: string; masked: boolean }[];
  /** Said where the sign-in would be, when the service has none here yet. */
  signInNote?: ReactNode;
  /** What switching to Live needs, when it is not a sign-in saved below. */
  liveNote?: ReactNode;
  canTest: boolean;
  withDefaultTerminal?: boolean;
  /** The supplier's order method (POST or PUT: its document gives both). */
  withOrderMethod?: boolean;
  /** Why secrets cannot be saved now, or null. */
  keychainProblem: string | null;
}

type OrderMethod = 'POST' | 'PUT';

interface ServiceDraft {
  mode: Mode;
  liveBaseUrl: string;
  defaultTerminalId: string;
  orderMethod: OrderMethod;
}

function TerminalPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const { terminals, problem } = useTerminals(null);
  const known = terminals?.some((t) => t.terminalId === value) ?? false;
  const terminalName = useTerminalName();
  return (
    <Field
      label={t('settings.service.terminal')}
      hint={problem ? t('settings.service.terminalListFailed') : t('settings.service.terminalHint')}
    >
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('settings.service.askEachTime')}</option>
        {value && !known && <option value={value}>{terminalName(value)}</option>}
        {terminals?.map((terminal) => (
          <option key={terminal.terminalId} value={terminal.terminalId}>
            {t('settings.service.terminalOption', {
              name: listedTerminalName(terminal),
              currency: terminal.currency,
            })}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function ServiceSection(props: ServiceSectionProps) {
  const { t } = useTranslation();
  const {
    id,
    service,
    title,
    intro,
    secrets,
    signInNote,
    liveNote,
    canTest,
    withDefaultTerminal,
    withOrderMethod,
    keychainProblem,
  } = props;
  const saved = useSettings((s) => s.view?.settings[service]);
  const modeName = useId();
  const orderMethodName = useId();
  const source: ServiceDraft = {
    mode: saved?.mode ?? 'sandbox',
    liveBaseUrl: saved?.liveBaseUrl ?? '',
    defaultTerminalId: (saved && 'defaultTerminalId' in saved ? saved.defaultTerminalId : null) ?? '',
    orderMethod: (saved && 'orderMethod' in saved ? saved.orderMethod : null) ?? 'POST',
  };
  const { draft, setDraft, dirty, reset } = useDraft(source);
  const save = useAction();
  const test = useAction();

  const onSave = () => {
    const patch: Record<string, unknown> = {
      mode: draft.mode,
      liveBaseUrl: draft.liveBaseUrl.trim() === '' ? null : draft.liveBaseUrl.trim(),
      ...(withDefaultTerminal && { defaultTerminalId: draft.defaultTerminalId || null }),
      ...(withOrderMethod && { orderMethod: draft.orderMethod }),
    };
    test.clear();
    const switching = draft.mode === 'live' && saved?.mode !== 'live';
    void save.run(
      () => useSettings.getState().update({ [service]: patch }),
      switching ? t('settings.service.savedLive', { title }) : t('settings.service.saved', { title }),
    );
  };
  const onTest = () =>
    void test.run(async () => {
      const result = await useSettings.getState().testConnection(service);
      if (!result.ok) throw new Error(result.message);
      return result.message;
    });

  return (
    <SectionCard
      id={id}
      title={title}
      intro={intro}
      save={{ dirty, state: save.state, onSave, onUndo: reset }}
    >
      <div className="field-grid">
        <Segmented<Mode>
          name={modeName}
          legend={t('settings.service.legend')}
          value={draft.mode}
          options={[
            { value: 'sandbox', label: t('settings.service.sandbox') },
            { value: 'live', label: t('settings.service.live') },
          ]}
          onChange={(mode) => setDraft((d) => ({ ...d, mode }))}
        />
        <Field
          label={t('settings.service.liveAddress')}
          hint={
            draft.mode === 'live'
              ? t('settings.service.liveAddressLive')
              : t('settings.service.liveAddressSandbox')
          }
        >
          <input
            type="url"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            placeholder="https://api.example.com"
            value={draft.liveBaseUrl}
            onChange={(e) => setDraft((d) => ({ ...d, liveBaseUrl: e.target.value }))}
          />
        </Field>
        {withDefaultTerminal && (
          <TerminalPicker
            // The list comes from the saved service: ask again when it changes.
            key={`${saved?.mode}|${saved?.liveBaseUrl}`}
            value={draft.defaultTerminalId}
            onChange={(terminalId) => setDraft((d) => ({ ...d, defaultTerminalId: terminalId }))}
          />
        )}
        {withOrderMethod && (
          <div className="field">
            <Segmented<OrderMethod>
              name={orderMethodName}
              legend={t('settings.service.orderMethod')}
              value={draft.orderMethod}
              options={[
                { value: 'POST', label: t('settings.service.orderPost') },
                { value: 'PUT', label: t('settings.service.orderPut') },
              ]}
              onChange={(orderMethod) => setDraft((d) => ({ ...d, orderMethod }))}
            />
            <span className="field-hint" data-testid="order-method-hint">
              {t('settings.service.orderHint')}
            </span>
          </div>
        )}
      </div>
      {draft.mode === 'live' && saved?.mode !== 'live' && (
        <p className="mode-note" data-testid={`live-needs-${service}`}>
          {liveNote ?? t('settings.service.liveNeedsSignIn')}
        </p>
      )}
      {draft.mode === 'sandbox' && saved?.mode === 'sandbox' && (
        <p className="mode-note">{t('settings.service.sandboxNote')}</p>
      )}
      {(secrets.length > 0 || signInNote) && (
        <div className="sign-in">
          <h3>{t('settings.service.signInTitle')}</h3>
          {signInNote && <p className="settings-intro">{signInNote}</p>}
          {secrets.length > 0 && <p className="settings-intro">{t('settings.service.keptInKeychain')}</p>}
          {secrets.map((secret) => (
            <SecretField
              key={secret.key}
              secretKey={secret.key}
              profile="live"
              label={secret.label}
              masked={secret.masked}
              unavailable={keychainProblem}
            />
          ))}
        </div>
      )}
      {canTest && (
        <div className="test-row">
          <button
            type="button"
            disabled={dirty || test.state.kind === 'busy'}
            onClick={onTest}
            aria-label={t('settings.service.testLabel', { title })}
          >
            {test.state.kind === 'busy' ? t('settings.service.testing') : t('settings.service.test')}
          </button>
          {dirty && <span className="field-hint">{t('settings.service.saveFirst')}</span>}
          {test.state.kind === 'done' && (
            <p className="test-result test-ok" role="status" data-testid={`test-result-${service}`}>
              {test.state.message}
            </p>
          )}
          {test.state.kind === 'error' && (
            <p className="test-result test-failed" role="alert" data-testid={`test-result-${service}`}>
              {test.state.message}
            </p>
          )}
        </div>
      )}
    </SectionCard>
  );
}

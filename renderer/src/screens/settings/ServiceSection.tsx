// One outside service (card payments, supplies, merchant tools): sandbox or live, the live
// address, the live sign-in kept in the keychain, and a connection test in plain words.
import { useId, type ReactNode } from 'react';
import { useSettings, type SecretKey, type ServiceName } from '../../state/settings';
import { useTerminals } from '../../state/terminals';
import { SecretField } from './SecretField';
import { Field, SaveBar, SectionCard, Segmented, useAction, useDraft } from './section';

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
  const { terminals, problem } = useTerminals(null);
  const known = terminals?.some((t) => t.terminalId === value) ?? false;
  return (
    <Field
      label="Default card terminal"
      hint={
        problem
          ? 'The terminal list could not be loaded; the saved choice is kept.'
          : 'Used by the Sell screen unless the cashier picks another.'
      }
    >
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Ask each time</option>
        {value && !known && <option value={value}>{value}</option>}
        {terminals?.map((t) => (
          <option key={t.terminalId} value={t.terminalId}>
            {t.terminalId} ({t.currency})
          </option>
        ))}
      </select>
    </Field>
  );
}

export function ServiceSection(props: ServiceSectionProps) {
  const {
    id,
    service,
    title,
    intro,
    secrets,
    signInNote,
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
      switching ? `${title} is now Live: the connection test passed.` : `${title} saved.`,
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
      footer={
        <SaveBar dirty={dirty} state={save.state} onSave={onSave} onUndo={reset} label={`Save ${title}`} />
      }
    >
      <div className="field-grid">
        <Segmented<Mode>
          name={modeName}
          legend="Service"
          value={draft.mode}
          options={[
            { value: 'sandbox', label: 'Sandbox' },
            { value: 'live', label: 'Live' },
          ]}
          onChange={(mode) => setDraft((d) => ({ ...d, mode }))}
        />
        <Field
          label="Live address"
          hint={
            draft.mode === 'live'
              ? 'https:// is required (plain http:// only on this computer).'
              : 'Used when the service is switched to Live.'
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
              legend="How orders are sent"
              value={draft.orderMethod}
              options={[
                { value: 'POST', label: 'POST (usual)' },
                { value: 'PUT', label: 'PUT' },
              ]}
              onChange={(orderMethod) => setDraft((d) => ({ ...d, orderMethod }))}
            />
            <span className="field-hint" data-testid="order-method-hint">
              Keep POST unless your supplier says its service takes new orders only by PUT.
            </span>
          </div>
        )}
      </div>
      {draft.mode === 'live' && saved?.mode !== 'live' && (
        <p className="mode-note" data-testid={`live-needs-${service}`}>
          {secrets.length > 0
            ? 'Live moves real money. Save the live sign-in below first: saving Live then tests the connection, and Paydesk stays on Sandbox unless the test passes.'
            : 'Live needs a sign-in this version of Paydesk cannot make yet, so this service stays on Sandbox.'}
        </p>
      )}
      {draft.mode === 'sandbox' && saved?.mode === 'sandbox' && (
        <p className="mode-note">
          Sandbox: Paydesk uses its built-in stand-in service. No real money or stock moves, and no sign-in is
          needed.
        </p>
      )}
      {(secrets.length > 0 || signInNote) && (
        <div className="sign-in">
          <h3>Live sign-in</h3>
          {signInNote && <p className="settings-intro">{signInNote}</p>}
          {secrets.length > 0 && (
            <p className="settings-intro">
              Kept in this computer’s keychain. Once saved it is never shown again: replace it or forget it.
            </p>
          )}
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
            aria-label={`Test connection: ${title}`}
          >
            {test.state.kind === 'busy' ? 'Testing…' : 'Test connection'}
          </button>
          {dirty && <span className="field-hint">Save first: the test uses the saved settings.</span>}
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

// Pieces every settings section shares: a draft of its part of the settings, a save that shows
// the services' answer, and the card the section sits in.
import { cloneElement, useId, useState, type ReactElement, type ReactNode } from 'react';
import { errorMessage } from '../../components/ErrorNotice';
import { i18n, useTranslation } from '../../i18n';

/**
 * A local copy of `source` the form edits. When the saved settings change (after this section's
 * save, or another window's), the draft follows them unless it holds unsaved edits.
 */
export function useDraft<T>(source: T): {
  draft: T;
  setDraft: (change: T | ((previous: T) => T)) => void;
  dirty: boolean;
  reset: () => void;
} {
  const sourceKey = JSON.stringify(source);
  const [state, setState] = useState({ baseKey: sourceKey, draft: source });
  let current = state;
  if (state.baseKey !== sourceKey) {
    const draftKey = JSON.stringify(state.draft);
    if (draftKey === state.baseKey || draftKey === sourceKey) {
      current = { baseKey: sourceKey, draft: source };
      setState(current);
    }
  }
  return {
    draft: current.draft,
    setDraft: (change) =>
      setState((s) => ({
        ...s,
        draft: typeof change === 'function' ? (change as (previous: T) => T)(s.draft) : change,
      })),
    dirty: JSON.stringify(current.draft) !== current.baseKey,
    reset: () => setState({ baseKey: sourceKey, draft: source }),
  };
}

export type ActionState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

/** The services' message with their field paths ("printers.1.address: …") in the form's words. */
export function plainMessage(message: string): string {
  return message.replace(/\b([A-Za-z]+(?:\.[A-Za-z0-9]+)+): /g, (whole, path: string) => {
    // Field names as the form calls them, by the last part of the services' path.
    const key = `settings.field.${path.split('.').at(-1)!}`;
    return i18n.exists(key) ? `${i18n.t(key as never)}: ` : whole;
  });
}

/** Runs one action at a time and keeps what came of it in words. */
export function useAction(): {
  state: ActionState;
  run: (work: () => Promise<string | void>, doneMessage?: string) => Promise<boolean>;
  clear: () => void;
} {
  const [state, setState] = useState<ActionState>({ kind: 'idle' });
  return {
    state,
    clear: () => setState({ kind: 'idle' }),
    async run(work, doneMessage = i18n.t('settings.save.saved')) {
      setState({ kind: 'busy' });
      try {
        const message = await work();
        setState({ kind: 'done', message: message || doneMessage });
        return true;
      } catch (error) {
        setState({ kind: 'error', message: plainMessage(errorMessage(error)) });
        return false;
      }
    },
  };
}

export function ActionResult({ state }: { state: ActionState }) {
  if (state.kind === 'error')
    return (
      <p className="action-result action-error" role="alert">
        {state.message}
      </p>
    );
  if (state.kind === 'done')
    return (
      <p className="action-result action-done" role="status">
        {state.message}
      </p>
    );
  return null;
}

export function SectionCard({
  id,
  title,
  intro,
  children,
  save,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** A section that saves: its Save row at the foot, named after the section. */
  save?: SaveControls;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section id={id} className="settings-card" aria-labelledby={headingId}>
      <header className="settings-card-head">
        <h2 id={headingId}>{title}</h2>
        {intro && <p className="settings-intro">{intro}</p>}
      </header>
      <div className="settings-card-body">{children}</div>
      {save && (
        <footer className="settings-card-foot">
          <SaveBar {...save} label={t('settings.save.saveSection', { section: title })} />
        </footer>
      )}
    </section>
  );
}

interface SaveControls {
  dirty: boolean;
  state: ActionState;
  onSave: () => void;
  onUndo: () => void;
}

/** The save row at the foot of a section: Save, Undo changes, and the answer. */
function SaveBar({ dirty, state, onSave, onUndo, label }: SaveControls & { label: string }) {
  const { t } = useTranslation();
  return (
    <div className="save-bar">
      <button
        type="button"
        className="primary"
        disabled={!dirty || state.kind === 'busy'}
        aria-label={label}
        onClick={onSave}
      >
        {state.kind === 'busy' ? t('settings.save.saving') : t('settings.save.save')}
      </button>
      <button type="button" disabled={!dirty || state.kind === 'busy'} onClick={onUndo}>
        {t('settings.save.undo')}
      </button>
      {dirty && state.kind !== 'error' && <span className="unsaved">{t('settings.save.unsaved')}</span>}
      <ActionResult state={state} />
    </div>
  );
}

/**
 * A labelled form row. The label names the control; the hint describes it (aria-describedby),
 * so a screen reader says the name first and the advice after.
 */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="field-control">
        <span className="field-label">{label}</span>
        {hint ? cloneElement(children, { 'aria-describedby': hintId }) : children}
      </label>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A two-or-more-way switch drawn as a segmented control, built from real radio buttons. */
export function Segmented<T extends string | number>({
  name,
  legend,
  value,
  options,
  onChange,
  disabled,
}: {
  name: string;
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="segmented" disabled={disabled}>
      <legend className="field-label">{legend}</legend>
      <div className="segmented-options">
        {options.map((option) => (
          <label key={String(option.value)} className={option.value === value ? 'segment active' : 'segment'}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An on/off toggle: a real checkbox (a switch to assistive technology) with a switch look. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label className="toggle">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true" />
      <span className="toggle-text">
        <span id={`${id}-label`} className="field-label">
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}

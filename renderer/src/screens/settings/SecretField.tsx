// One secret (a username, password or API key). It is typed once and sent straight to the
// keychain; afterwards the screen only knows the date it was saved. The input is uncontrolled,
// so the value is never copied into React state or an HTML attribute, and it is cleared after
// sending.
import { useRef, useState, type FormEvent } from 'react';
import {
  formatSavedDate,
  secretSavedAt,
  useSettings,
  type SecretKey,
  type SecretProfile,
} from '../../state/settings';
import { ActionResult, useAction } from './section';

export interface SecretFieldProps {
  secretKey: SecretKey;
  profile: SecretProfile;
  label: string;
  /** Passwords and keys are masked; a username is not. */
  masked: boolean;
  /** Why the field cannot be used (the keychain is unavailable), or null. */
  unavailable: string | null;
}

export function SecretField({ secretKey, profile, label, masked, unavailable }: SecretFieldProps) {
  const view = useSettings((s) => s.view);
  const savedAt = secretSavedAt(view, secretKey, profile);
  const [replacing, setReplacing] = useState(false);
  const [confirmForget, setConfirmForget] = useState(false);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const field = input.current;
    const value = field?.value ?? '';
    if (!field || value === '') return;
    field.value = '';
    // On success the "Saved <date>" tag says it all; only a refusal needs words.
    void action
      .run(() => useSettings.getState().saveSecret(secretKey, profile, value))
      .then((ok) => {
        if (!ok) return;
        action.clear();
        setReplacing(false);
      });
  };
  const forget = () => {
    setConfirmForget(false);
    void action
      .run(() => useSettings.getState().forgetSecret(secretKey, profile))
      .then((ok) => ok && action.clear());
  };

  const showInput = !savedAt || replacing;
  return (
    <div className="secret-field" data-testid={`secret-${secretKey}`}>
      <span className="field-label">{label}</span>
      {showInput ? (
        <form className="secret-entry" onSubmit={save}>
          <input
            ref={input}
            type={masked ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            aria-label={`${label} (${profile})`}
            placeholder={savedAt ? 'Type the new value' : 'Not saved yet'}
            disabled={unavailable !== null || action.state.kind === 'busy'}
          />
          <button type="submit" disabled={unavailable !== null} aria-label={`Save ${label}`}>
            Save
          </button>
          {replacing && (
            <button type="button" onClick={() => setReplacing(false)} aria-label={`Keep the saved ${label}`}>
              Keep saved
            </button>
          )}
        </form>
      ) : (
        <div className="secret-saved">
          <span className="saved-tag">Saved {formatSavedDate(savedAt)}</span>
          {confirmForget ? (
            <>
              <span>Forget it?</span>
              <button type="button" className="danger" onClick={forget} aria-label={`Yes, forget ${label}`}>
                Yes, forget
              </button>
              <button type="button" onClick={() => setConfirmForget(false)}>
                No
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                disabled={unavailable !== null}
                onClick={() => {
                  action.clear();
                  setReplacing(true);
                }}
                aria-label={`Replace ${label}`}
              >
                Replace
              </button>
              <button
                type="button"
                disabled={unavailable !== null}
                onClick={() => setConfirmForget(true)}
                aria-label={`Forget ${label}`}
              >
                Forget
              </button>
            </>
          )}
        </div>
      )}
      <ActionResult state={action.state} />
    </div>
  );
}

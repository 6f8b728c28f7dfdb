// One secret (a username, password or API key). It is typed once and sent straight to the
// keychain; afterwards the screen only knows the date it was saved. The input is uncontrolled,
// so the value is never copied into React state or an HTML attribute, and it is cleared after
// sending.
import { useRef, useState, type FormEvent } from 'react';
import { secretSavedAt, useSettings, type SecretKey, type SecretProfile } from '../../state/settings';
import { ActionResult, useAction } from './section';
import { useFormat, useTranslation } from '../../i18n';

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
  const { t } = useTranslation();
  const format = useFormat();
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
            aria-label={t('settings.secret.field', {
              label,
              profile: t(`settings.secret.profile.${profile}`),
            })}
            placeholder={savedAt ? t('settings.secret.typeNew') : t('settings.secret.notSaved')}
            disabled={unavailable !== null || action.state.kind === 'busy'}
          />
          <button
            type="submit"
            disabled={unavailable !== null}
            aria-label={t('settings.secret.saveLabel', { label })}
          >
            {t('settings.secret.save')}
          </button>
          {replacing && (
            <button
              type="button"
              onClick={() => setReplacing(false)}
              aria-label={t('settings.secret.keepSavedLabel', { label })}
            >
              {t('settings.secret.keepSaved')}
            </button>
          )}
        </form>
      ) : (
        <div className="secret-saved">
          <span className="saved-tag">{t('settings.secret.savedOn', { date: format.date(savedAt) })}</span>
          {confirmForget ? (
            <>
              <span>{t('settings.secret.forgetIt')}</span>
              <button
                type="button"
                className="danger"
                onClick={forget}
                aria-label={t('settings.secret.yesForgetLabel', { label })}
              >
                {t('settings.secret.yesForget')}
              </button>
              <button type="button" onClick={() => setConfirmForget(false)}>
                {t('settings.secret.no')}
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
                aria-label={t('settings.secret.replaceLabel', { label })}
              >
                {t('settings.secret.replace')}
              </button>
              <button
                type="button"
                disabled={unavailable !== null}
                onClick={() => setConfirmForget(true)}
                aria-label={t('settings.secret.forgetLabel', { label })}
              >
                {t('settings.secret.forget')}
              </button>
            </>
          )}
        </div>
      )}
      <ActionResult state={action.state} />
    </div>
  );
}

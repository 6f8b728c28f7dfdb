// Settings → Shop server: on or off, its address, who this till is there (number, name, login),
// encryption, the till's password (in the keychain, never shown back) and "Test connection".
// Each field says what is wrong with it next to it; nothing is saved while one is wrong.
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { wordsText } from '../../i18n/words';
import { useSettings } from '../../state/settings';
import { SecretField } from '../settings/SecretField';
import { Field, SectionCard, Segmented, Toggle, useAction, useDraft } from '../settings/section';
import {
  draftOf,
  patchOf,
  problemsOf,
  type ShopServerDraft,
  type ShopServerFieldProblem,
} from './shop-server-form';

type TextField = 'address' | 'tillNumber' | 'tillName' | 'login';

export function ShopServerSection({ keychainProblem }: { keychainProblem: string | null }) {
  const { t } = useTranslation();
  const saved = useSettings((s) => s.view?.settings.shopServer);
  const { draft, setDraft, dirty, reset } = useDraft(draftOf(saved));
  const [triedToSave, setTriedToSave] = useState(false);
  const save = useAction();
  const test = useAction();
  const tlsName = useId();

  const problems = problemsOf(draft);
  // A field left empty is pointed out once the manager tries to save; a wrong one at once.
  const shown = (field: keyof typeof problems): ShopServerFieldProblem | undefined => {
    const problem = problems[field];
    return problem && (triedToSave || !problem.endsWith('Needed')) ? problem : undefined;
  };
  const edit = (field: TextField) => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) =>
      setDraft((d: ShopServerDraft) => ({ ...d, [field]: e.target.value })),
  });
  const checked = (field: 'address' | 'tillNumber' | 'login', hint: string) => {
    const problem = shown(field);
    return {
      hint: problem ? <span className="field-problem">{t(`shopServer.${problem}`)}</span> : hint,
      invalid: problem ? true : undefined,
    };
  };

  const onSave = () => {
    test.clear();
    if (Object.keys(problems).length > 0) {
      setTriedToSave(true);
      void save.run(() => Promise.reject(new Error(t('shopServer.fixFirst'))));
      return;
    }
    setTriedToSave(false);
    void save.run(
      () => useSettings.getState().update(patchOf(draft)),
      draft.enabled ? t('shopServer.saved') : t('shopServer.savedOff'),
    );
  };
  const onTest = () =>
    void test.run(async () => {
      const result = await useSettings.getState().testShopServer();
      const said = wordsText(result.words, result.message);
      if (!result.ok) throw new Error(said);
      return said;
    });

  const address = checked('address', t('shopServer.addressHint'));
  const tillNumber = checked('tillNumber', t('shopServer.tillNumberHint'));
  const login = checked('login', t('shopServer.loginHint'));
  const canTest = !!saved?.enabled;
  return (
    <SectionCard
      id="shop-server"
      title={t('settings.sections.shop-server')}
      intro={t('shopServer.intro')}
      save={{
        dirty,
        state: save.state,
        onSave,
        onUndo: () => {
          setTriedToSave(false);
          save.clear();
          reset();
        },
      }}
    >
      <div className="toggle-list">
        <Toggle
          label={t('shopServer.enabled')}
          hint={t('shopServer.enabledHint')}
          checked={draft.enabled}
          onChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
        />
      </div>
      <div className="field-grid">
        <Field label={t('shopServer.address')} hint={address.hint}>
          <input
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            maxLength={300}
            placeholder="postgres://192.168.1.10:5432/paydesk"
            aria-invalid={address.invalid}
            {...edit('address')}
          />
        </Field>
        <Field label={t('shopServer.tillNumber')} hint={tillNumber.hint}>
          <input
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            aria-invalid={tillNumber.invalid}
            {...edit('tillNumber')}
          />
        </Field>
        <Field label={t('shopServer.tillName')} hint={t('shopServer.tillNameHint')}>
          <input autoComplete="off" maxLength={80} {...edit('tillName')} />
        </Field>
        <Field label={t('shopServer.login')} hint={login.hint}>
          <input
            autoComplete="off"
            spellCheck={false}
            maxLength={63}
            aria-invalid={login.invalid}
            {...edit('login')}
          />
        </Field>
        <div className="field">
          <Segmented<ShopServerDraft['tls']>
            name={tlsName}
            legend={t('shopServer.tls')}
            value={draft.tls}
            options={[
              { value: 'prefer', label: t('shopServer.tlsPrefer') },
              { value: 'verify', label: t('shopServer.tlsVerify') },
            ]}
            onChange={(tls) => setDraft((d) => ({ ...d, tls }))}
          />
          <span className="field-hint">{t('shopServer.tlsHint')}</span>
        </div>
      </div>
      <div className="sign-in">
        <h3>{t('shopServer.signInTitle')}</h3>
        <p className="settings-intro">{t('shopServer.keptInKeychain')}</p>
        <SecretField
          secretKey="shopServer.password"
          profile="live"
          label={t('shopServer.password')}
          masked
          unavailable={keychainProblem}
        />
      </div>
      <div className="test-row">
        <button
          type="button"
          disabled={dirty || !canTest || test.state.kind === 'busy'}
          onClick={onTest}
          aria-label={t('shopServer.testLabel')}
        >
          {test.state.kind === 'busy' ? t('shopServer.testing') : t('shopServer.test')}
        </button>
        {dirty && <span className="field-hint">{t('shopServer.saveFirst')}</span>}
        {!dirty && !canTest && <span className="field-hint">{t('shopServer.turnOnFirst')}</span>}
        {test.state.kind === 'done' && (
          <p className="test-result test-ok" role="status" data-testid="test-result-shop-server">
            {test.state.message}
          </p>
        )}
        {test.state.kind === 'error' && (
          <p className="test-result test-failed" role="alert" data-testid="test-result-shop-server">
            {test.state.message}
          </p>
        )}
      </div>
    </SectionCard>
  );
}

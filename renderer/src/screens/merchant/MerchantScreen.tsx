// Merchant tools: sign in to the merchant dashboard (in the browser), see who is signed in, pick
// one of the dashboard's tools, fill in its form and run it. Signing out forgets the sign-in.
import { useEffect } from 'react';
import { useMerchant } from '../../state/merchant';
import { ToolForm } from './ToolForm';
import './merchant.css';
import { Trans, useTranslation } from '../../i18n';

/** What went wrong and what to do: beside the Connect button when signed out, else above the tools. */
function Problem({ text }: { text: string | null | undefined }) {
  return text ? (
    <p role="alert" className="merchant-problem">
      {text}
    </p>
  ) : null;
}

function SignInPanel() {
  const { t } = useTranslation();
  const { status, problem, connecting } = useMerchant();
  const store = useMerchant.getState();
  if (status?.state === 'signing_in') {
    return (
      <div className="panel merchant-signin" role="status">
        <p>{status.openedInBrowser ? t('merchant.signInOpened') : t('merchant.signInTab')}</p>
        {status.authorizationUrl && (
          <p>
            <a href={status.authorizationUrl} target="_blank" rel="noopener noreferrer">
              {t('merchant.openAgain')}
            </a>
          </p>
        )}
        <button type="button" onClick={() => void store.cancelSignIn()}>
          {t('merchant.stop')}
        </button>
      </div>
    );
  }
  return (
    <div className="panel merchant-signin">
      <p>{t('merchant.intro')}</p>
      <button type="button" className="primary" disabled={connecting} onClick={() => void store.connect()}>
        {connecting ? t('merchant.connecting') : t('merchant.connect')}
      </button>
      <Problem text={status?.message} />
      <Problem text={problem} />
    </div>
  );
}

export function MerchantScreen() {
  const { t } = useTranslation();
  const { status, tools, selected, problem } = useMerchant();
  const store = useMerchant.getState();
  useEffect(() => {
    void useMerchant.getState().load();
  }, []);
  const signedIn = status?.state === 'connected' || status?.state === 'problem';
  const currency = status?.account?.currency ?? null;
  return (
    <section className="screen merchant" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('merchant.title')}</h1>
      {signedIn && <Problem text={status.message} />}
      {signedIn && <Problem text={problem} />}
      {!signedIn && <SignInPanel />}
      {signedIn && (
        <>
          <div className="merchant-account" data-testid="merchant-account">
            <span>
              {status.account ? (
                <Trans
                  t={t}
                  i18nKey={status.account.detail ? 'merchant.signedInToAs' : 'merchant.signedInTo'}
                  values={{ account: status.account.name, detail: status.account.detail }}
                  components={{ strong: <strong /> }}
                />
              ) : (
                t('merchant.signedIn')
              )}
            </span>
            <button type="button" onClick={() => void store.disconnect()}>
              {t('merchant.disconnect')}
            </button>
          </div>
          <div className="merchant-body">
            <nav aria-label={t('merchant.tools')} className="merchant-tools">
              {tools === null && <p>{t('merchant.loadingTools')}</p>}
              {tools?.map((tool) => (
                <button
                  key={tool.name}
                  type="button"
                  aria-pressed={tool.name === selected}
                  onClick={() => store.select(tool.name)}
                >
                  <strong>{tool.title}</strong>
                  {tool.writes && <span className="merchant-badge">{t('merchant.changes')}</span>}
                  <small>{tool.description}</small>
                </button>
              ))}
            </nav>
            <ToolForm currency={currency} />
          </div>
        </>
      )}
    </section>
  );
}

// Merchant tools: sign in to the merchant dashboard (in the browser), see who is signed in, pick
// one of the dashboard's tools, fill in its form and run it. Signing out forgets the sign-in.
import { useEffect } from 'react';
import { useMerchant } from '../../state/merchant';
import { ToolForm } from './ToolForm';
import './merchant.css';

function SignInPanel() {
  const { status } = useMerchant();
  const store = useMerchant.getState();
  if (status?.state === 'signing_in') {
    return (
      <div className="panel merchant-signin" role="status">
        <p>
          {status.openedInBrowser
            ? 'The dashboard’s sign-in page is open in your web browser. Sign in there with your dashboard email and password.'
            : 'Sign in to the merchant dashboard in the new tab, with your dashboard email and password.'}
        </p>
        {status.authorizationUrl && (
          <p>
            <a href={status.authorizationUrl} target="_blank" rel="noopener noreferrer">
              Open the sign-in page again
            </a>
          </p>
        )}
        <button type="button" onClick={() => void store.cancelSignIn()}>
          Stop signing in
        </button>
      </div>
    );
  }
  return (
    <div className="panel merchant-signin">
      <p>Sign in with your merchant dashboard account to use its tools from the till.</p>
      <button type="button" className="primary" onClick={() => void store.connect()}>
        Connect
      </button>
    </div>
  );
}

export function MerchantScreen() {
  const { status, tools, selected, problem } = useMerchant();
  const store = useMerchant.getState();
  useEffect(() => {
    void useMerchant.getState().load();
  }, []);
  const signedIn = status?.state === 'connected' || status?.state === 'problem';
  const currency = null;
  return (
    <section className="screen merchant" aria-labelledby="screen-title">
      <h1 id="screen-title">Merchant tools</h1>
      {status?.message && (
        <p role="alert" className="merchant-problem">
          {status.message}
        </p>
      )}
      {problem && (
        <p role="alert" className="merchant-problem">
          {problem}
        </p>
      )}
      {!signedIn && <SignInPanel />}
      {signedIn && (
        <>
          <div className="merchant-account" data-testid="merchant-account">
            <span>
              Signed in{status.account ? ' to ' : ''}
              {status.account && <strong>{status.account.name}</strong>}
              {status.account?.detail && <> as {status.account.detail}</>}
            </span>
            <button type="button" onClick={() => void store.disconnect()}>
              Disconnect
            </button>
          </div>
          <div className="merchant-body">
            <nav aria-label="Tools" className="merchant-tools">
              {tools === null && <p>Loading the tools…</p>}
              {tools?.map((t) => (
                <button
                  key={t.name}
                  type="button"
                  aria-pressed={t.name === selected}
                  onClick={() => store.select(t.name)}
                >
                  <strong>{t.title}</strong>
                  {t.writes && <span className="merchant-badge">Changes</span>}
                  <small>{t.description}</small>
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

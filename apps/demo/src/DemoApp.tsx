import { LatchEmbed, useLatch } from '@latch/react';
import { type ReactNode, useState } from 'react';
import { CustomTokenPanel } from './CustomTokenPanel.js';
import { EmbeddedWalletPanel } from './EmbeddedWalletPanel.js';
import { ExternalWalletsPanel } from './ExternalWalletsPanel.js';
import { FarcasterPanel } from './FarcasterPanel.js';
import { SecurityPanel } from './SecurityPanel.js';
import { SessionHandOffPanel } from './SessionHandOffPanel.js';
import { SocialAccountsPanel } from './SocialAccountsPanel.js';

/** The host app: one button to log in, then the user and every public function of the widget. */
export function DemoApp({
  embed = false,
  hostMfaPrompt = false,
  devIdpUrl = '',
}: {
  embed?: boolean;
  hostMfaPrompt?: boolean;
  /** The development identity provider: its custom-token issuer backs the custom token panel. */
  devIdpUrl?: string;
}): ReactNode {
  const latch = useLatch();
  const [message, setMessage] = useState('');
  const run = (label: string, action: () => Promise<unknown>) => {
    setMessage('');
    action().then(
      () => setMessage(`${label}: done`),
      (error: unknown) => setMessage(`${label}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  if (!latch.ready) {
    return (
      <main>
        <h1>Latch demo</h1>
        <p aria-live="polite">{latch.error ? `Latch could not start: ${latch.error.message}` : 'Loading…'}</p>
      </main>
    );
  }

  const { user } = latch;
  return (
    <main>
      <h1>Latch demo</h1>
      <p>{latch.config?.name}</p>
      {!latch.authenticated || !user ? (
        <div className="card">
          <p>You are not logged in.</p>
          {embed ? (
            <LatchEmbed />
          ) : (
            <button type="button" className="primary" onClick={latch.login}>
              Log in
            </button>
          )}
        </div>
      ) : (
        <div className="card" data-testid="user">
          <dl>
            <dt>User id</dt>
            <dd data-testid="user-id">{user.id}</dd>
            <dt>Email</dt>
            <dd data-testid="user-email">{user.email?.address ?? '—'}</dd>
            <dt>Phone</dt>
            <dd data-testid="user-phone">{user.phone?.number ?? '—'}</dd>
            <dt>Passkeys</dt>
            <dd data-testid="user-passkeys">
              {user.linkedAccounts.filter((account) => account.type === 'passkey').length}
            </dd>
            <dt>Custom user id</dt>
            <dd data-testid="user-custom-id">
              {String(user.linkedAccounts.find((account) => account.type === 'custom_auth')?.customUserId ?? '—')}
            </dd>
            <dt>Wallet</dt>
            <dd data-testid="user-wallet">{user.wallet?.address ?? '—'}</dd>
          </dl>
          <div className="actions">
            {user.email ? (
              <>
                <button type="button" onClick={latch.updateEmail}>
                  Update email
                </button>
                <button
                  type="button"
                  onClick={() => run('Unlink email', () => latch.unlinkEmail(user.email?.address ?? ''))}
                >
                  Unlink email
                </button>
              </>
            ) : (
              <button type="button" onClick={latch.linkEmail}>
                Link email
              </button>
            )}
            {user.phone ? (
              <button
                type="button"
                onClick={() => run('Unlink phone', () => latch.unlinkPhone(user.phone?.number ?? ''))}
              >
                Unlink phone
              </button>
            ) : (
              <button type="button" onClick={latch.linkPhone}>
                Link phone
              </button>
            )}
            <button type="button" onClick={latch.linkPasskey}>
              Passkeys
            </button>
            <button
              type="button"
              onClick={() =>
                latch
                  .getAccessToken()
                  .then((token) => setMessage(token ? `Access token: ${token.slice(0, 16)}…` : 'No access token'))
              }
            >
              Get access token
            </button>
            <button type="button" onClick={() => run('Log out', latch.logout)}>
              Log out
            </button>
          </div>
          <SocialAccountsPanel />
          <FarcasterPanel />
          <SecurityPanel hostMfaPrompt={hostMfaPrompt} />
          <EmbeddedWalletPanel />
        </div>
      )}
      {!latch.authenticated && devIdpUrl ? <CustomTokenPanel devIdpUrl={devIdpUrl} /> : null}
      <SessionHandOffPanel />
      <ExternalWalletsPanel />
      <p className="log" role="status" data-testid="demo-status">
        {message}
      </p>
    </main>
  );
}

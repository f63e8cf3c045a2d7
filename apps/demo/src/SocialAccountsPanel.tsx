import { type UseLatch, useLatch } from '@latch/react';
import { type ReactNode, useState } from 'react';

type LinkedAccount = NonNullable<UseLatch['user']>['linkedAccounts'][number];
type SocialMethod = keyof typeof NAMES;

const NAMES = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
  telegram: 'Telegram',
} as const;

const isSocial = (method: string): method is SocialMethod => method in NAMES;
const accountType = (method: SocialMethod) => (method === 'telegram' ? 'telegram' : `${method}_oauth`);

/** How the demo names a linked social account: its username, name or email, else its id. */
function describe(account: LinkedAccount): string {
  const label = account.username ?? account.name ?? account.email ?? account.firstName;
  const id = account.subject ?? account.telegramUserId;
  return label ? `${String(label)} (${String(id)})` : String(id);
}

/**
 * The demo's social accounts (issue #14): each provider and Telegram the app enables, linked or not. Link opens the
 * widget's flow from the click (the provider's popup needs one); unlink goes through the client.
 */
export function SocialAccountsPanel(): ReactNode {
  const latch = useLatch();
  const [status, setStatus] = useState('');
  const methods = (latch.config?.loginMethods ?? []).filter(isSocial);
  if (!latch.user || methods.length === 0) return null;
  const accounts = latch.user.linkedAccounts;
  const unlink = (method: SocialMethod, account: LinkedAccount) => {
    setStatus('');
    const done =
      method === 'telegram'
        ? latch.unlinkTelegram(String(account.telegramUserId))
        : latch.unlinkOAuth(method, String(account.subject));
    done.then(
      () => setStatus(`Unlinked ${NAMES[method]}`),
      (error: unknown) =>
        setStatus(`Unlink ${NAMES[method]}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <section className="card" aria-labelledby="social-accounts-title" data-testid="social-accounts">
      <h2 id="social-accounts-title">Social accounts</h2>
      <dl className="social-list">
        {methods.map((method) => {
          const account = accounts.find((a) => a.type === accountType(method));
          return (
            <div key={method} className="social-row" data-testid={`social-${method}`}>
              <dt>{NAMES[method]}</dt>
              <dd>
                <span data-testid={`social-${method}-account`}>{account ? describe(account) : 'not linked'}</span>{' '}
                {account ? (
                  <button type="button" onClick={() => unlink(method, account)}>
                    Unlink {NAMES[method]}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => (method === 'telegram' ? latch.linkTelegram() : latch.linkOAuth(method))}
                  >
                    Link {NAMES[method]}
                  </button>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {status ? <p data-testid="social-status">{status}</p> : null}
    </section>
  );
}

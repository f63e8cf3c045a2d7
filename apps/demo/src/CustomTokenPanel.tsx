import { useLatch } from '@latch/react';
import { type ReactNode, useState } from 'react';

/**
 * Custom token login (issue #14, SPEC §7 custom_jwt_account): a host whose users log in with its own backend passes
 * that backend's JWT to `loginWithCustomToken`. Here the development identity provider's custom issuer stands in for
 * that backend: it mints a token for the user id typed in.
 */
export function CustomTokenPanel({ devIdpUrl }: { devIdpUrl: string }): ReactNode {
  const latch = useLatch();
  const [sub, setSub] = useState('demo-user-1');
  const [status, setStatus] = useState('');
  const logIn = async () => {
    const response = await fetch(`${devIdpUrl}/custom/token?sub=${encodeURIComponent(sub)}`);
    if (!response.ok) throw new Error(`the token issuer answered ${response.status}`);
    const body = await response.text();
    // The stand-in answers the token itself, or JSON with a `token` field.
    const token = body.trimStart().startsWith('{')
      ? String((JSON.parse(body) as { token: unknown }).token)
      : body.trim();
    await latch.loginWithCustomToken(token);
  };
  return (
    <section className="card" aria-labelledby="custom-token-title" data-testid="custom-token">
      <h2 id="custom-token-title">Custom token</h2>
      <p className="dev-note">
        Logs in with a JWT from your own backend. In development, the local identity provider mints it for this user id.
      </p>
      <form
        className="actions"
        onSubmit={(event) => {
          event.preventDefault();
          setStatus('');
          logIn().then(
            () => setStatus('Logged in with a custom token'),
            (error: unknown) => setStatus(`Custom token: ${error instanceof Error ? error.message : String(error)}`),
          );
        }}
      >
        <label>
          User id in your backend{' '}
          <input value={sub} onChange={(event) => setSub(event.target.value)} required maxLength={100} />
        </label>
        <button type="submit">Log in with a custom token</button>
      </form>
      {status ? <p data-testid="custom-token-status">{status}</p> : null}
    </section>
  );
}

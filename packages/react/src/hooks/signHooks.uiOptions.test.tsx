import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, makeAccessToken, serverAppConfig } from '@latch/core/testing';
import { IDENTITY_API, PASSWORDLESS_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { LatchContext, type LatchContextValue } from '../LatchContext.js';
import { LatchProvider } from '../LatchProvider.js';
import { EmbeddedWalletSignRequestScreen } from '../screens/embeddedWallet/EmbeddedWalletSignRequestScreen.js';
import { catalogues } from '../strings/locales/catalogues.js';
import { useSignMessage } from './useSignMessage.js';
import { useSignTypedData } from './useSignTypedData.js';

// The host's per-call texts of EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, from the public hooks to the screen.
const APP_ID = 'a'.repeat(25);
const ADDRESS = `0x${'b'.repeat(40)}`;
const TEXTS = { title: 'Log in to Acme', description: 'Proves you own this wallet.', buttonText: 'Sign in' };
const user: WireUser = {
  id: 'did:latch:user',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'wallet',
      address: ADDRESS,
      chain_type: 'ethereum',
      chain_id: null,
      wallet_client_type: 'latch',
      connector_type: 'embedded',
      recovery_method: 'latch',
      imported: false,
      verified_at: 1_700_000_000,
      first_verified_at: null,
      latest_verified_at: null,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: true,
} as unknown as WireUser;

/** A page signed in (fake server) as a user with an embedded wallet, and the two sign hooks rendered in it. */
async function signedInHooks() {
  const clock = createFakeClock();
  const grant = (): TokenResponse => ({
    user,
    token: makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 }),
    refresh_token: 'refresh',
    session_update_action: 'set',
  });
  const { fetch } = createFakeFetch((request) => {
    if (request.path.startsWith(IDENTITY_API.appConfig(APP_ID)))
      return { body: serverAppConfig(APP_ID, { email_auth: true }) };
    if (request.path === PASSWORDLESS_API.emailAuthenticate) return { body: grant() };
    return { body: { success: true } };
  });
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  await client.loginWithEmailCode('ada@example.test', '123456');
  const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock });
  let hooks = {} as ReturnType<typeof useSignMessage> & ReturnType<typeof useSignTypedData>;
  function Probe() {
    hooks = { ...useSignMessage(), ...useSignTypedData() };
    return null;
  }
  renderToString(
    <LatchProvider latch={latch}>
      <Probe />
    </LatchProvider>,
  );
  return { latch, hooks };
}

/** The screen as the widget renders the open request, in `locale`. */
const screenOf = (latch: Awaited<ReturnType<typeof signedInHooks>>['latch'], locale: 'en' | 'es' = 'en') => {
  const request = latch.embeddedWallet.getState().signRequest;
  if (!request) throw new Error('no sign request on screen');
  const context = { strings: catalogues[locale], embeds: { current: 0 } } as unknown as LatchContextValue;
  return renderToString(
    <LatchContext.Provider value={context}>
      <EmbeddedWalletSignRequestScreen
        titleId="t"
        request={{ ...request, status: 'error' }}
        onSign={() => {}}
        onClose={() => {}}
      />
    </LatchContext.Provider>,
  );
};

it("signMessage's uiOptions reach EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, shown as given in any locale", async () => {
  const { latch, hooks } = await signedInHooks();
  const signature = hooks.signMessage('gm', { uiOptions: TEXTS });
  await vi.waitFor(() => expect(latch.embeddedWallet.getState().signRequest).not.toBeNull());
  expect(latch.embeddedWallet.getState().signRequest).toMatchObject({ payload: 'gm', uiOptions: TEXTS });
  for (const locale of ['en', 'es'] as const) {
    const html = screenOf(latch, locale);
    for (const text of Object.values(TEXTS)) expect(html).toContain(text);
  }
  // Closing the screen is the user's rejection: the call rejects with SPEC §8's unable_to_sign.
  latch.embeddedWallet.rejectSignRequest();
  await expect(signature).rejects.toMatchObject({ code: 'unable_to_sign' });
  latch.destroy();
});

it("signTypedData's uiOptions reach the screen; without them it shows SPEC's texts", async () => {
  const { latch, hooks } = await signedInHooks();
  const typed = { domain: { name: 'Acme' }, types: {}, primaryType: 'Mail', message: {} };
  const signature = hooks.signTypedData(typed, { uiOptions: { title: 'Approve the order' } });
  await vi.waitFor(() => expect(latch.embeddedWallet.getState().signRequest).not.toBeNull());
  const html = screenOf(latch);
  expect(html).toContain('Approve the order');
  expect(html).toContain('Signing this message will not cost you any fees.');
  latch.embeddedWallet.rejectSignRequest();
  await expect(signature).rejects.toMatchObject({ code: 'unable_to_sign' });

  const plain = hooks.signMessage('gm');
  await vi.waitFor(() => expect(latch.embeddedWallet.getState().signRequest?.payload).toBe('gm'));
  expect(screenOf(latch)).toContain('Sign message');
  latch.embeddedWallet.rejectSignRequest();
  await expect(plain).rejects.toMatchObject({ code: 'unable_to_sign' });
  latch.destroy();
});

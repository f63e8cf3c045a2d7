import {
  createLatch,
  createLatchClient,
  type FlowEvent,
  type FlowIntent,
  loadPasskeyFlow,
  SCREEN,
  type ScreenId,
} from '@latch/core';
import { createFakeClock, createFakeFetch, makeAccessToken, serverAppConfig } from '@latch/core/testing';
import { PASSWORDLESS_API, type WireLinkedAccount } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import { LatchContext } from '../../LatchContext.js';
import { en, type StringCatalogue } from '../../strings/en.js';
import { ScreenView } from '../ScreenView.js';

// The passkey screens as the screen table renders them for a fixed flow state (server-rendered, lazy screens
// included): SPEC §2, §3 "Passkey login" and §8 "Passkey" texts.
const APP_ID = 'a'.repeat(25);
const CONTEXT = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;

const passkey = (
  n: number,
  extra: Partial<Extract<WireLinkedAccount, { type: 'passkey' }>> = {},
): WireLinkedAccount => ({
  type: 'passkey',
  credential_id: `cred-${n}`,
  authenticator_name: null,
  created_with_browser: 'Chrome',
  created_with_os: `OS ${n}`,
  enrolled_in_mfa: false,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
  ...extra,
});

/** Renders the flow's screen after `events`, for a user signed in with `passkeys` linked. */
async function render(
  intent: FlowIntent,
  screen: ScreenId,
  events: FlowEvent[],
  passkeys: WireLinkedAccount[] = [],
  overrides: Partial<StringCatalogue> = {},
): Promise<string> {
  const clock = createFakeClock();
  const token = makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
  const user = { id: 'u1', created_at: 1, linked_accounts: passkeys, mfa_methods: [], has_accepted_terms: true };
  const { fetch } = createFakeFetch((request) => {
    if (request.path.startsWith(`/api/v1/apps/${APP_ID}`))
      return { body: serverAppConfig(APP_ID, { passkey_auth: true }) };
    if (request.path === PASSWORDLESS_API.emailAuthenticate) return { body: { user, token, refresh_token: 'rt' } };
    // The ceremonies never answer here: the tests set the outcome with flow events.
    if (Object.values(PASSKEY_API).includes(request.path as never)) return 'hang';
    return { body: { success: true } };
  });
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  if (intent === 'link') await client.loginWithEmailCode('ada@example.com', '123456');
  const latch = createLatch({ appId: APP_ID, clientId: 'client-id', client, clock });
  const runner = latch.auth;
  runner.dispatch({ type: 'open', intent, screen, context: CONTEXT });
  for (const event of events) runner.dispatch(event);
  const value = {
    latch,
    client,
    runner,
    wallets: latch.wallets,
    strings: { ...en, ...overrides },
    embeds: { current: 0 },
    locale: 'en',
  };
  const { prelude } = await prerenderToNodeStream(
    (
      <LatchContext.Provider value={value}>
        <ScreenView titleId="t" />
      </LatchContext.Provider>
    ) as ReactNode,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return (
    html
      .replaceAll('&#x27;', "'")
      .replace(/<!--.*?-->/g, '')
      // An accessible name counts as text (an icon button, the spinner): moved out of its tag before tags go.
      .replace(/<([^>]*?) aria-label="([^"]*)"([^>]*)>/g, '<$1$3> $2 ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
  );
}

// The runner loads the passkey flow with its first event; loaded first here, the events below act at once.
beforeAll(() => loadPasskeyFlow());

const login: FlowEvent = { type: 'startPasskey', operation: 'login' };
const failed = (code: string): FlowEvent => ({
  type: 'passkeyFailed',
  attempt: 1,
  error: { code, message: 'server text' },
});

describe('LANDING', () => {
  it("shows 'I have a passkey' when passkey login is on", async () => {
    expect(await render('login', SCREEN.landing, [])).toContain('I have a passkey');
  });
});

describe('AWAITING_PASSKEY_SYSTEM_DIALOGUE', () => {
  it('shows loading while the system dialogue is open, and offers a new account', async () => {
    const text = await render('login', SCREEN.landing, [login]);
    expect(text).toContain('Log in with a passkey');
    expect(text).toContain('Loading');
    expect(text).toContain('Create an account with a passkey');
    expect(text).not.toContain('Retry');
  });

  it("shows 'Success!' after the login", async () => {
    const user = { id: 'u1', createdAt: new Date(0), linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: true };
    const text = await render('login', SCREEN.landing, [
      login,
      { type: 'passkeySucceeded', attempt: 1, user, isNewUser: false },
    ]);
    expect(text).toContain('Success!');
    expect(text).not.toContain('Create an account');
  });

  it.each([
    ['passkey_not_allowed', 'Passkey request timed out or rejected by user.'],
    ['cannot_link_more_of_type', 'Cannot link more passkeys to account.'],
    ['invalid_credentials', 'An unknown error occurred.'],
  ])('%s reads as SPEC §8 "%s", with Retry', async (code, spec) => {
    const text = await render('login', SCREEN.landing, [login, failed(code)]);
    expect(text).toContain(spec);
    expect(text).toContain('Retry');
    expect(text).not.toContain('server text');
  });

  it('the sign-up mode says so and offers the way back to an existing passkey', async () => {
    const text = await render('login', SCREEN.landing, [{ type: 'startPasskey', operation: 'signup' }]);
    expect(text).toContain('Sign up with a passkey');
    expect(text).toContain('Already have a passkey? I have a passkey');
  });

  it("takes the host's text overrides", async () => {
    const text = await render('login', SCREEN.landing, [login, failed('passkey_not_allowed')], [], {
      passkeyNotAllowed: 'Abgebrochen.',
    });
    expect(text).toContain('Abgebrochen.');
  });
});

describe('LINK_PASSKEY_SCREEN', () => {
  const three = [passkey(1, { authenticator_name: 'YubiKey 5' }), passkey(2), passkey(3)];

  it("lists 'Your passkeys' by display name, 2 collapsed with 'View all', with remove and add buttons", async () => {
    const text = await render('link', SCREEN.linkPasskey, [], three);
    expect(text).toContain('Your passkeys');
    expect(text).toContain('YubiKey 5 on Chrome');
    expect(text).toContain('Chrome on OS 2');
    expect(text).not.toContain('Chrome on OS 3');
    expect(text).toContain('View all');
    expect(text).toContain('Remove Chrome on OS 2');
    expect(text).toContain('Add a passkey');
  });

  it('hides the add option at 5 passkeys', async () => {
    const text = await render(
      'link',
      SCREEN.linkPasskey,
      [],
      [1, 2, 3, 4, 5].map((n) => passkey(n)),
    );
    expect(text).not.toContain('Add a passkey');
    expect(text).toContain('You have 5 passkeys, the most an account can have.');
  });

  it('says so when the user has none', async () => {
    expect(await render('link', SCREEN.linkPasskey, [])).toContain('You have no passkey yet.');
  });

  it("shows 'Passkey added' with Done after a link", async () => {
    const user = { id: 'u1', createdAt: new Date(0), linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: true };
    const text = await render('link', SCREEN.linkPasskey, [
      { type: 'startPasskey', operation: 'link' },
      { type: 'passkeySucceeded', attempt: 1, user, isNewUser: false },
    ]);
    expect(text).toContain('Passkey added');
    expect(text).toContain('From now on, you can use your passkey to log in.');
    expect(text).toContain('Done');
  });

  it.each([
    ['link', 'passkey_not_allowed', 'Passkey request timed out or rejected by user.'],
    ['link', 'cannot_link_more_of_type', 'Cannot link more passkeys to account.'],
    ['link', 'internal_error', 'Unknown error occurred.'],
    ['unlink', 'missing_or_invalid_mfa', 'Cannot unlink a passkey enrolled in MFA'],
  ] as const)('a failed %s with %s reads "%s"', async (operation, code, spec) => {
    const text = await render(
      'link',
      SCREEN.linkPasskey,
      [{ type: 'startPasskey', operation, credentialId: 'cred-1' }, failed(code)],
      [passkey(1)],
    );
    expect(text).toContain(spec);
  });
});

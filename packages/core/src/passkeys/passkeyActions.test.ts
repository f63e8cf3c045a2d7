import type { TokenResponse, WireUser } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatchClient } from '../client.js';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../testing/fakeFetch.js';
import { makeAccessToken } from '../testing/tokens.js';

// The browser's ceremony is the one part replaced here (the e2e runs it in Chromium with a virtual authenticator).
const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const APP_ID = 'c'.repeat(25);

const passkeyAccount = (credentialId: string) => ({
  type: 'passkey' as const,
  credential_id: credentialId,
  authenticator_name: null,
  created_with_browser: 'Chrome',
  created_with_os: 'Linux',
  enrolled_in_mfa: false,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
});
const wireUser = (credentialIds: string[]): WireUser => ({
  id: 'u1',
  created_at: 1_700_000_000,
  linked_accounts: credentialIds.map(passkeyAccount),
  mfa_methods: [],
  has_accepted_terms: true,
});

const REQUEST_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  timeout: 60_000,
  rp_id: 'localhost',
  user_verification: 'required',
};
const CREATION_OPTIONS = {
  rp: { id: 'localhost', name: 'Demo' },
  user: { id: 'dXNlcg', name: 'ada', display_name: 'Ada' },
  challenge: 'Y2hhbGxlbmdl',
  pub_key_cred_params: [
    { alg: -7, type: 'public-key' },
    { alg: -257, type: 'public-key' },
  ],
  exclude_credentials: [{ id: 'b2xk', type: 'public-key', transports: ['internal'] }],
  authenticator_selection: { resident_key: 'required', user_verification: 'required' },
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  type: 'public-key',
};
const REGISTRATION = {
  id: 'bmV3',
  rawId: 'bmV3',
  response: { clientDataJSON: 'e30', attestationObject: 'YXR0', transports: ['internal'], publicKeyAlgorithm: -7 },
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true } },
  type: 'public-key',
};

type Routes = Record<string, (request: RecordedRequest) => FakeAnswer>;

function setup(routes: Routes) {
  const clock = createFakeClock();
  const token = makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
  const server = createFakeFetch((request) => routes[request.path]?.(request) ?? { status: 404, body: {} });
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage: memoryStorage(),
    clock,
    fetch: server.fetch,
    location: { href: () => null, replace: () => undefined },
  });
  return { client, server, token };
}

const tokenResponse = (token: string, isNewUser: boolean): FakeAnswer => ({
  body: {
    user: wireUser(['Y3JlZA']),
    token,
    refresh_token: 'rt-1',
    is_new_user: isNewUser,
    device_grant: 'grant-1',
  } satisfies TokenResponse,
});

beforeEach(() => {
  browser.startAuthentication.mockReset();
  browser.startRegistration.mockReset();
});

describe('passkey login and sign-up', () => {
  it('sends no allow list, converts the options to camelCase and the assertion to the snake_case wire', async () => {
    const t = setup({
      [PASSKEY_API.authenticateInit]: () => ({ body: { options: REQUEST_OPTIONS } }),
      [PASSKEY_API.authenticate]: () => tokenResponse(t.token, false),
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const result = await t.client.loginWithPasskey();
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', timeout: 60_000, rpId: 'localhost', userVerification: 'required' },
    });
    expect(t.server.to(PASSKEY_API.authenticateInit)[0]?.body).toEqual({});
    expect(t.server.to(PASSKEY_API.authenticate)[0]?.body).toEqual({
      credential: {
        id: 'Y3JlZA',
        raw_id: 'Y3JlZA',
        response: { client_data_json: 'e30', authenticator_data: 'YXV0aA', signature: 'c2ln', user_handle: 'dXNlcg' },
        authenticator_attachment: 'platform',
        client_extension_results: {},
        type: 'public-key',
      },
    });
    // A fresh login: signed in, with the device grant kept for the wallet frame.
    expect(result).toMatchObject({ isNewUser: false, user: { id: 'u1' } });
    expect(t.client.getState().user?.id).toBe('u1');
    expect(t.client.takeDeviceGrant()).toBe('grant-1');
  });

  it('signs up with a new passkey: creation options in camelCase, attestation on the wire, is_new_user', async () => {
    const t = setup({
      [PASSKEY_API.registerInit]: () => ({ body: { options: CREATION_OPTIONS } }),
      [PASSKEY_API.register]: () => tokenResponse(t.token, true),
    });
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    const result = await t.client.signUpWithPasskey();
    const [call] = browser.startRegistration.mock.calls as Array<[{ optionsJSON: Record<string, unknown> }]>;
    expect(call?.[0].optionsJSON).toMatchObject({
      user: { id: 'dXNlcg', name: 'ada', displayName: 'Ada' },
      pubKeyCredParams: CREATION_OPTIONS.pub_key_cred_params,
      excludeCredentials: CREATION_OPTIONS.exclude_credentials,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(t.server.to(PASSKEY_API.register)[0]?.body).toMatchObject({
      credential: {
        raw_id: 'bmV3',
        response: { client_data_json: 'e30', attestation_object: 'YXR0', public_key_algorithm: -7 },
        client_extension_results: { cred_props: { rk: true } },
      },
    });
    expect(result.isNewUser).toBe(true);
  });

  it.each([
    ['NotAllowedError', 'passkey_not_allowed'],
    ['AbortError', 'passkey_not_allowed'],
    ['SecurityError', 'unknown_auth_error'],
  ])('a ceremony ending in %s is %s, and nothing is sent to authenticate', async (name, code) => {
    const t = setup({ [PASSKEY_API.authenticateInit]: () => ({ body: { options: REQUEST_OPTIONS } }) });
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out'), { name }));
    await expect(t.client.loginWithPasskey()).rejects.toMatchObject({ code });
    expect(t.server.to(PASSKEY_API.authenticate)).toEqual([]);
    expect(t.client.getState().user).toBeNull();
  });

  it("passes the server's refusal on as its catalogue error", async () => {
    const t = setup({
      [PASSKEY_API.authenticateInit]: () => ({ body: { options: REQUEST_OPTIONS } }),
      [PASSKEY_API.authenticate]: () => ({
        status: 401,
        body: { error: 'invalid_credentials', message: 'Invalid credentials.' },
      }),
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    await expect(t.client.loginWithPasskey()).rejects.toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('linking', () => {
  async function signedIn(routes: Routes) {
    const t = setup({
      [PASSKEY_API.authenticateInit]: () => ({ body: { options: REQUEST_OPTIONS } }),
      [PASSKEY_API.authenticate]: () => tokenResponse(t.token, false),
      ...routes,
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    await t.client.loginWithPasskey();
    return t;
  }

  it('links with the bearer token and stores the updated user', async () => {
    const t = await signedIn({
      [PASSKEY_API.linkInit]: () => ({ body: { options: CREATION_OPTIONS } }),
      [PASSKEY_API.link]: () => ({ body: wireUser(['Y3JlZA', 'bmV3']) }),
    });
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    const user = await t.client.linkPasskey();
    expect(t.server.to(PASSKEY_API.linkInit)[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
    expect(t.server.to(PASSKEY_API.link)[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
    expect(user.linkedAccounts).toHaveLength(2);
    expect(t.client.getState().user?.linkedAccounts).toHaveLength(2);
  });

  it('unlinks by credential_id', async () => {
    const t = await signedIn({ [PASSKEY_API.unlink]: () => ({ body: wireUser([]) }) });
    await t.client.unlinkPasskey('Y3JlZA');
    expect(t.server.to(PASSKEY_API.unlink)[0]?.body).toEqual({ credential_id: 'Y3JlZA' });
    expect(t.client.getState().user?.linkedAccounts).toEqual([]);
  });

  it('refuses to link when signed out, before any ceremony', async () => {
    const t = setup({});
    await expect(t.client.linkPasskey()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });
});

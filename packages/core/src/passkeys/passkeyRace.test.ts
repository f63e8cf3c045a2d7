import { DELAY, type TokenResponse } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlowRunner } from '../auth/flowRunner.js';
import { loadPasskeyFlow } from '../auth/passkeyFlowLoader.js';
import { SCREEN } from '../auth/screens.js';
import { createLatchClient } from '../client.js';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer } from '../testing/fakeFetch.js';
import { makeAccessToken } from '../testing/tokens.js';

// The browser as @simplewebauthn/browser drives it: one ceremony at a time, a new one aborts the one before it.
const browser = vi.hoisted(() => {
  let current: { reject(error: Error): void } | null = null;
  const ceremony = () =>
    new Promise((resolve, reject) => {
      current?.reject(
        Object.assign(new Error('Cancelling existing WebAuthn API call for new one'), { name: 'AbortError' }),
      );
      const self = { reject, resolve };
      current = self;
      browser.settle = (value: unknown) => (current === self ? resolve(value) : undefined);
    });
  const browser = {
    startAuthentication: vi.fn(ceremony),
    startRegistration: vi.fn(ceremony),
    settle: (_value: unknown): void => undefined,
    reset() {
      current = null;
    },
  };
  return browser;
});
vi.mock('@simplewebauthn/browser', () => browser);

const APP_ID = 'c'.repeat(25);
const REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp_id: 'localhost', user_verification: 'required' };
const CREATION_OPTIONS = {
  rp: { id: 'localhost', name: 'Demo' },
  user: { id: 'dXNlcg', name: 'ada', display_name: 'Ada' },
  challenge: 'Y2hhbGxlbmdl',
  pub_key_cred_params: [{ alg: -7, type: 'public-key' }],
};
const REGISTRATION = {
  id: 'bmV3',
  rawId: 'bmV3',
  response: { clientDataJSON: 'e30', attestationObject: 'YXR0', transports: ['internal'] },
  clientExtensionResults: {},
  type: 'public-key',
};

/** The real client and modal flow over a fake server whose login options arrive only when the test says so. */
function setup() {
  const clock = createFakeClock();
  const token = makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
  let releaseLoginOptions = () => {};
  const loginOptions = new Promise<FakeAnswer>((resolve) => {
    releaseLoginOptions = () => resolve({ body: { options: REQUEST_OPTIONS } });
  });
  const signedUp: TokenResponse = {
    user: { id: 'u1', created_at: 1_700_000_000, linked_accounts: [], mfa_methods: [], has_accepted_terms: true },
    token,
    refresh_token: 'rt-1',
    is_new_user: true,
  };
  const routes: Record<string, () => FakeAnswer | Promise<FakeAnswer>> = {
    [PASSKEY_API.authenticateInit]: () => loginOptions,
    [PASSKEY_API.registerInit]: () => ({ body: { options: CREATION_OPTIONS } }),
    [PASSKEY_API.register]: () => ({ body: signedUp }),
  };
  const server = createFakeFetch((request) => routes[request.path]?.() ?? { status: 404, body: {} });
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage: memoryStorage(),
    clock,
    fetch: server.fetch,
    location: { href: () => null, replace: () => undefined },
  });
  const events: string[] = [];
  const runner = createFlowRunner({
    actions: client,
    clock,
    handlers: () => ({ onComplete: ({ intent, isNewUser }) => events.push(`complete:${intent}:${isNewUser}`) }),
  });
  const open = async () => {
    const context = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
    runner.dispatch({ type: 'open', intent: 'login', screen: SCREEN.landing, context });
    await clock.advance(DELAY.modalOpen);
  };
  return { clock, client, server, runner, events, open, releaseLoginOptions };
}

// The modules the client and the runner load on first use, loaded here first: every step below acts at once.
beforeAll(() => Promise.all([loadPasskeyFlow(), import('./passkeyActions.js'), import('@simplewebauthn/browser')]));
beforeEach(() => {
  browser.startAuthentication.mockClear();
  browser.startRegistration.mockClear();
  browser.reset();
});

describe('a replaced or abandoned passkey attempt never starts its ceremony', () => {
  it('sign-up clicked while the login options are on their way: the late login does not abort the sign-up', async () => {
    const t = setup();
    await t.open();
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    await t.clock.flush();
    expect(t.server.to(PASSKEY_API.authenticateInit)).toHaveLength(1);
    t.runner.dispatch({ type: 'startPasskey', operation: 'signup' });
    await t.clock.flush();
    expect(browser.startRegistration).toHaveBeenCalledTimes(1);
    // The login's options arrive while the sign-up's system dialogue is open.
    t.releaseLoginOptions();
    await t.clock.flush();
    expect(browser.startAuthentication).not.toHaveBeenCalled();
    browser.settle(REGISTRATION);
    await t.clock.flush();
    expect(t.runner.getState().passkey).toMatchObject({ status: 'done', operation: 'signup' });
    await t.clock.advance(DELAY.successClose);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it('back while the login options are on their way: no system dialogue opens over the landing screen', async () => {
    const t = setup();
    await t.open();
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    await t.clock.flush();
    t.runner.dispatch({ type: 'back' });
    t.releaseLoginOptions();
    await t.clock.flush();
    expect(browser.startAuthentication).not.toHaveBeenCalled();
    expect(t.runner.getState()).toMatchObject({ screen: SCREEN.landing, passkey: { status: 'idle' } });
  });

  it("the client's own call: an aborted signal ends it as passkey_not_allowed before the ceremony", async () => {
    const t = setup();
    const controller = new AbortController();
    const login = t.client.loginWithPasskey({ signal: controller.signal });
    await t.clock.flush();
    controller.abort();
    t.releaseLoginOptions();
    await expect(login).rejects.toMatchObject({ code: 'passkey_not_allowed' });
    expect(browser.startAuthentication).not.toHaveBeenCalled();
  });
});

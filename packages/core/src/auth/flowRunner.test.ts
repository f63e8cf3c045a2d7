import { LatchError, type User } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { toFlowError } from '../machine/flowError.js';
import { INITIAL_STATE } from '../store.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFlowRunner, type FlowActions, type FlowHandlers } from './flowRunner.js';
import type { FlowContext } from './flowTypes.js';
import { SCREEN } from './screens.js';

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  createdAt: new Date(0),
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  ...overrides,
});

const CONTEXT: FlowContext = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false };

/** A runner over recorded stand-in actions; `fail` makes an action reject with a LatchError. */
function setup(
  options: {
    fail?: Partial<Record<keyof FlowActions, LatchError>>;
    handlers?: FlowHandlers;
    loginUser?: User;
    create?: typeof createFlowRunner;
  } = {},
) {
  const clock = createFakeClock();
  const calls: Array<[string, ...unknown[]]> = [];
  const events: string[] = [];
  const act =
    <T>(name: keyof FlowActions, value: T) =>
    (...args: unknown[]): Promise<T> => {
      calls.push([name, ...args]);
      const error = options.fail?.[name];
      return error ? Promise.reject(error) : Promise.resolve(value);
    };
  const actions: FlowActions = {
    sendEmailCode: act('sendEmailCode', undefined),
    sendSmsCode: act('sendSmsCode', undefined),
    loginWithEmailCode: act('loginWithEmailCode', { user: user(), isNewUser: true }),
    loginWithSmsCode: act('loginWithSmsCode', { user: options.loginUser ?? user(), isNewUser: false }),
    linkEmail: act('linkEmail', user({ email: { address: 'new@example.com' } })),
    linkPhone: act('linkPhone', user()),
    updateEmail: act('updateEmail', user()),
    acceptTerms: act('acceptTerms', user({ hasAcceptedTerms: true })),
    logout: act('logout', undefined),
    loginWithPasskey: act('loginWithPasskey', { user: user(), isNewUser: false }),
    signUpWithPasskey: act('signUpWithPasskey', { user: user(), isNewUser: true }),
    linkPasskey: act('linkPasskey', user()),
    unlinkPasskey: act('unlinkPasskey', user()),
    loginWithOAuth: act('loginWithOAuth', { user: user(), isNewUser: false }),
    linkOAuth: act('linkOAuth', user()),
    completeOAuthRedirect: act('completeOAuthRedirect', { user: user(), isNewUser: false }),
    loginWithTelegram: act('loginWithTelegram', { user: user(), isNewUser: false }),
    linkTelegram: act('linkTelegram', user()),
    loadTelegramScript: act('loadTelegramScript', undefined),
    captchaChallenge: act('captchaChallenge', {
      algorithm: 'SHA-256',
      challenge: '',
      maxnumber: 0,
      salt: '',
      signature: '',
    }),
    getState: () => INITIAL_STATE,
    farcaster: () => Promise.reject(new Error('not used here')),
    getAccessToken: () => Promise.resolve('token'),
    refreshUser: () => Promise.reject(new Error('not used here')),
  };
  const runner = (options.create ?? createFlowRunner)({
    actions,
    clock,
    handlers: () => ({
      onComplete: (result) => events.push(`complete:${result.intent}:${result.isNewUser}`),
      onExit: (error) => events.push(`exit:${error}`),
      ...options.handlers,
    }),
  });
  return { clock, calls, events, runner, state: () => runner.getState() };
}

async function openLogin(t: ReturnType<typeof setup>, context: Partial<FlowContext> = {}) {
  t.runner.dispatch({ type: 'open', intent: 'login', screen: SCREEN.landing, context: { ...CONTEXT, ...context } });
  await t.clock.advance(15);
}

async function reachCodeScreen(t: ReturnType<typeof setup>, context: Partial<FlowContext> = {}) {
  await openLogin(t, context);
  t.runner.dispatch({ type: 'submitEmail', email: ' Ada@Example.com ' });
  await t.clock.flush();
}

describe('modal navigation', () => {
  it('opens the dialog 15 ms after the screen is set (SPEC §2)', async () => {
    const t = setup();
    t.runner.dispatch({ type: 'open', intent: 'login', screen: SCREEN.landing, context: CONTEXT });
    expect(t.state()).toMatchObject({ phase: 'opening', screen: 'LANDING' });
    await t.clock.advance(14);
    expect(t.state().phase).toBe('opening');
    await t.clock.advance(1);
    expect(t.state().phase).toBe('open');
  });

  it('a graceful close reports exited_auth_flow and clears the flow 200 ms later', async () => {
    const t = setup();
    await openLogin(t);
    t.runner.dispatch({ type: 'close' });
    expect(t.state().phase).toBe('closing');
    expect(t.events).toEqual(['exit:exited_auth_flow']);
    await t.clock.advance(199);
    expect(t.state().screen).toBe('LANDING');
    await t.clock.advance(1);
    expect(t.state()).toMatchObject({ phase: 'closed', screen: null });
  });

  it('reopening cancels the pending clear of the previous flow', async () => {
    const t = setup();
    await openLogin(t);
    t.runner.dispatch({ type: 'close' });
    await openLogin(t);
    await t.clock.advance(500);
    expect(t.state()).toMatchObject({ phase: 'open', screen: 'LANDING' });
  });
});

describe('email login (SPEC §4)', () => {
  it('sends the code, then goes to AWAITING_PASSWORDLESS_CODE', async () => {
    const t = setup();
    await reachCodeScreen(t);
    expect(t.calls).toEqual([['sendEmailCode', 'ada@example.com', undefined, undefined]]);
    expect(t.state()).toMatchObject({ screen: 'AWAITING_PASSWORDLESS_CODE', previousScreen: 'LANDING' });
    expect(t.state().otp).toMatchObject({
      status: 'awaiting-code-input',
      channel: 'email',
      destination: 'ada@example.com',
    });
  });

  it('ignores an invalid address', async () => {
    const t = setup();
    await openLogin(t);
    t.runner.dispatch({ type: 'submitEmail', email: 'not-an-email' });
    await t.clock.flush();
    expect(t.calls).toEqual([]);
    expect(t.state().otp.status).toBe('initial');
  });

  it("a correct code shows 'Success!' (done) and closes with success after 1400 ms", async () => {
    const t = setup();
    await reachCodeScreen(t);
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.flush();
    expect(t.calls.at(-1)).toEqual(['loginWithEmailCode', 'ada@example.com', '123456']);
    expect(t.state().otp.status).toBe('done');
    await t.clock.advance(1399);
    expect(t.state().phase).toBe('open');
    await t.clock.advance(1);
    expect(t.state().phase).toBe('closing');
    expect(t.events).toEqual(['complete:login:true']);
  });

  it("a non-numeric code says 'Code should be numeric' and calls nothing", async () => {
    const t = setup();
    await reachCodeScreen(t);
    t.runner.dispatch({ type: 'submitCode', code: '12a456' });
    await t.clock.flush();
    expect(t.state().otp.error).toEqual({ code: 'code_not_numeric' });
    expect(t.calls).toHaveLength(1);
  });

  it('a wrong code gives the invalid_credentials message and the boxes clear after 1400 ms', async () => {
    const t = setup({ fail: { loginWithEmailCode: new LatchError('invalid_credentials') } });
    await reachCodeScreen(t);
    t.runner.dispatch({ type: 'submitCode', code: '000000' });
    await t.clock.flush();
    expect(t.state().otp).toMatchObject({
      status: 'error',
      error: { code: 'invalid_credentials' },
      clearCount: 0,
    });
    await t.clock.advance(1399);
    expect(t.state().otp.clearCount).toBe(0);
    await t.clock.advance(1);
    expect(t.state().otp).toMatchObject({ status: 'awaiting-code-input', clearCount: 1 });
  });

  it('any other submit failure gives the code_not_verified message', async () => {
    const t = setup({ fail: { loginWithEmailCode: new LatchError('internal_error') } });
    await reachCodeScreen(t);
    t.runner.dispatch({ type: 'submitCode', code: '000000' });
    await t.clock.flush();
    expect(t.state().otp.error).toEqual({ code: 'code_not_verified' });
  });

  it('a send failure goes to ERROR_SCREEN remembering LANDING, and its button goes back', async () => {
    const t = setup({ fail: { sendEmailCode: new LatchError('too_many_requests') } });
    await reachCodeScreen(t);
    expect(t.state()).toMatchObject({
      screen: 'ERROR_SCREEN',
      previousScreen: 'LANDING',
      error: { code: 'too_many_requests' },
    });
    t.runner.dispatch({ type: 'errorAction' });
    expect(t.state()).toMatchObject({ screen: 'LANDING', error: null });
  });

  it('allowlist and user-limit errors go to their own screens', async () => {
    const allow = setup({ fail: { loginWithEmailCode: new LatchError('allowlist_rejected') } });
    await reachCodeScreen(allow);
    allow.runner.dispatch({ type: 'submitCode', code: '123456' });
    await allow.clock.flush();
    expect(allow.state().screen).toBe('ALLOWLIST_REJECTION_SCREEN');
    allow.runner.dispatch({ type: 'errorAction' });
    expect(allow.state().screen).toBe('LANDING');

    const cap = setup({ fail: { loginWithEmailCode: new LatchError('max_accounts_reached') } });
    await reachCodeScreen(cap);
    cap.runner.dispatch({ type: 'submitCode', code: '123456' });
    await cap.clock.flush();
    expect(cap.state().screen).toBe('USER_LIMIT_REACHED_SCREEN');
  });

  it('resend sends the code again to the same address', async () => {
    const t = setup();
    await reachCodeScreen(t);
    t.runner.dispatch({ type: 'resendCode' });
    await t.clock.flush();
    expect(t.calls).toEqual([
      ['sendEmailCode', 'ada@example.com', undefined, undefined],
      ['sendEmailCode', 'ada@example.com', undefined, undefined],
    ]);
    expect(t.state().screen).toBe('AWAITING_PASSWORDLESS_CODE');
  });
});

describe('phone login', () => {
  it('sends an SMS code and logs in with it', async () => {
    const t = setup();
    await openLogin(t);
    t.runner.dispatch({ type: 'submitPhone', phone: '+12015550123' });
    await t.clock.flush();
    t.runner.dispatch({ type: 'submitCode', code: '654321' });
    await t.clock.advance(1400);
    expect(t.calls).toEqual([
      ['sendSmsCode', '+12015550123', undefined, undefined],
      ['loginWithSmsCode', '+12015550123', '654321'],
    ]);
    expect(t.events).toEqual(['complete:login:false']);
  });
});

describe('post-login sequence', () => {
  it('goes to consent 900 ms after success when terms are required; Accept completes the login', async () => {
    const t = setup();
    await reachCodeScreen(t, { requireUsersAcceptTerms: true });
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(899);
    expect(t.state().screen).toBe('AWAITING_PASSWORDLESS_CODE');
    await t.clock.advance(1);
    expect(t.state().screen).toBe('AFFIRMATIVE_CONSENT_SCREEN');
    t.runner.dispatch({ type: 'acceptTerms' });
    await t.clock.flush();
    expect(t.calls.at(-1)).toEqual(['acceptTerms']);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it("'No thanks' (or closing) on consent logs out and reports exited_auth_flow", async () => {
    for (const event of [{ type: 'declineTerms' }, { type: 'close' }] as const) {
      const t = setup();
      await reachCodeScreen(t, { requireUsersAcceptTerms: true });
      t.runner.dispatch({ type: 'submitCode', code: '123456' });
      await t.clock.advance(900);
      t.runner.dispatch(event);
      await t.clock.flush();
      expect(t.calls.at(-1)).toEqual(['logout']);
      expect(t.events).toEqual(['exit:exited_auth_flow']);
    }
  });

  it('skips consent for a user who already accepted, closing after 1400 ms', async () => {
    const t = setup({ loginUser: user({ hasAcceptedTerms: true }) });
    await openLogin(t, { requireUsersAcceptTerms: true });
    t.runner.dispatch({ type: 'submitPhone', phone: '+12015550123' });
    await t.clock.flush();
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(900);
    expect(t.state().screen).toBe('AWAITING_PASSWORDLESS_CODE');
    await t.clock.advance(500);
    expect(t.state().phase).toBe('closing');
    expect(t.events).toEqual(['complete:login:false']);
  });

  it('creates the embedded wallet 900 ms after success when required and a creator exists', async () => {
    const created: string[] = [];
    const t = setup({
      handlers: {
        createEmbeddedWallet: async (u) => {
          created.push(u.id);
          return u;
        },
      },
    });
    await reachCodeScreen(t, { createOnLogin: 'users-without-wallets', canCreateEmbeddedWallet: true });
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(899);
    expect(created).toEqual([]);
    await t.clock.advance(1);
    expect(created).toEqual(['u1']);
    // EMBEDDED_WALLET_CREATED_SCREEN shows for 2500 ms before the login completes.
    expect(t.runner.getState().screen).toBe('EMBEDDED_WALLET_CREATED_SCREEN');
    await t.clock.advance(2499);
    expect(t.events).toEqual([]);
    await t.clock.advance(1);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it('skips wallet creation when no creator is registered', async () => {
    const t = setup();
    await reachCodeScreen(t, { createOnLogin: 'all-users', canCreateEmbeddedWallet: false });
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(1400);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it('a failed wallet creation logs out and shows LOGIN_FAILED_SCREEN', async () => {
    const t = setup({ handlers: { createEmbeddedWallet: () => Promise.reject(new Error('Failed to create wallet')) } });
    await reachCodeScreen(t, { createOnLogin: 'all-users', canCreateEmbeddedWallet: true });
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(900);
    expect(t.state().screen).toBe('LOGIN_FAILED_SCREEN');
    expect(t.calls.at(-1)).toEqual(['logout']);
  });
});

describe('login versus link', () => {
  it('links an email and reports link success; leaving reports exited_link_flow', async () => {
    const t = setup();
    t.runner.dispatch({
      type: 'open',
      intent: 'link',
      screen: SCREEN.linkEmail,
      context: { ...CONTEXT, requireUsersAcceptTerms: true },
    });
    await t.clock.advance(15);
    t.runner.dispatch({ type: 'submitEmail', email: 'new@example.com' });
    await t.clock.flush();
    expect(t.calls).toEqual([['sendEmailCode', 'new@example.com', undefined, 'link']]);
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(1400);
    expect(t.calls.at(-1)).toEqual(['linkEmail', 'new@example.com', '123456']);
    expect(t.events).toEqual(['complete:link:false']);

    const left = setup();
    left.runner.dispatch({ type: 'open', intent: 'link', screen: SCREEN.linkPhone, context: CONTEXT });
    await left.clock.advance(15);
    left.runner.dispatch({ type: 'close' });
    expect(left.events).toEqual(['exit:exited_link_flow']);
  });

  it('links a phone with the SMS code', async () => {
    const t = setup();
    t.runner.dispatch({ type: 'open', intent: 'link', screen: SCREEN.linkPhone, context: CONTEXT });
    await t.clock.advance(15);
    t.runner.dispatch({ type: 'submitPhone', phone: '+447700900123' });
    await t.clock.flush();
    expect(t.calls).toEqual([['sendSmsCode', '+447700900123', undefined, 'link']]);
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.flush();
    expect(t.calls.at(-1)).toEqual(['linkPhone', '+447700900123', '123456']);
  });

  it('updates the email with the code sent to the new address', async () => {
    const t = setup();
    t.runner.dispatch({
      type: 'open',
      intent: 'update',
      screen: SCREEN.updateEmail,
      context: CONTEXT,
      previousAddress: 'old@example.com',
    });
    await t.clock.advance(15);
    t.runner.dispatch({ type: 'submitEmail', email: 'new@example.com' });
    await t.clock.flush();
    // The code is asked for the update (a login code would not be accepted by the update).
    expect(t.calls).toEqual([['sendEmailCode', 'new@example.com', undefined, 'update']]);
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    await t.clock.advance(1400);
    expect(t.calls.at(-1)).toEqual(['updateEmail', 'old@example.com', 'new@example.com', '123456']);
    expect(t.events).toEqual(['complete:update:false']);
  });

  it('a send failure while linking returns to the link screen', async () => {
    const t = setup({ fail: { sendSmsCode: new LatchError('not_supported') } });
    t.runner.dispatch({ type: 'open', intent: 'link', screen: SCREEN.linkPhone, context: CONTEXT });
    await t.clock.advance(15);
    t.runner.dispatch({ type: 'submitPhone', phone: '+999' });
    await t.clock.flush();
    expect(t.state()).toMatchObject({ screen: 'ERROR_SCREEN', previousScreen: 'LINK_PHONE_SCREEN' });
    t.runner.dispatch({ type: 'errorAction' });
    expect(t.state().screen).toBe('LINK_PHONE_SCREEN');
  });
});

describe('toFlowError', () => {
  it('keeps code, status and message of a LatchError', () => {
    expect(toFlowError(new LatchError('invalid_credentials'))).toEqual({
      code: 'invalid_credentials',
      status: 422,
      message: 'Invalid or expired verification code',
    });
    expect(toFlowError('boom')).toEqual({ message: 'boom' });
  });
});

describe('the passkey flow (loaded on first use)', () => {
  it("is not loaded up front: 'I have a passkey' loads it, then the event replays and the ceremony starts", async () => {
    // A fresh module graph: the unit files share one, and another file may have loaded the passkey flow already.
    vi.resetModules();
    const t = setup({ create: (await import('./flowRunner.js')).createFlowRunner });
    await openLogin(t);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    expect(t.state().screen).toBe(SCREEN.landing);
    await vi.waitFor(() => expect(t.state().screen).toBe(SCREEN.awaitingPasskey));
    await vi.waitFor(() => expect(t.calls).toEqual([['loginWithPasskey', { signal: expect.any(AbortSignal) }]]));
  });
});

import { DELAY, LatchError } from '@latch/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowContext } from '../auth/flowTypes.js';
import { loadPasskeyFlow } from '../auth/passkeyFlowLoader.js';
import { SCREEN } from '../auth/screens.js';
import { createFlowHarness, testUser } from '../auth/testing/flowHarness.js';

const user = testUser;

/** A runner whose passkey actions stay pending until the test settles them (as the system dialogue does). */
const setup = (context: Partial<FlowContext> = {}) =>
  createFlowHarness({
    deferred: ['loginWithPasskey', 'signUpWithPasskey', 'linkPasskey', 'unlinkPasskey'],
    context,
  });

// The runner loads the passkey flow with its first event; loaded here first, every dispatch below acts at once.
beforeAll(() => loadPasskeyFlow());

describe('passkey login and sign-up (SPEC §3 "Passkey login")', () => {
  it("'I have a passkey' shows AWAITING_PASSKEY_SYSTEM_DIALOGUE loading, then success closes after 1400 ms", async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    expect(t.state()).toMatchObject({
      screen: SCREEN.awaitingPasskey,
      passkey: { status: 'pending', operation: 'login' },
    });
    expect(t.pending.map((p) => p.name)).toEqual(['loginWithPasskey']);
    t.last().resolve({ user: user(), isNewUser: false });
    await t.clock.flush();
    expect(t.state().passkey.status).toBe('done');
    await t.clock.advance(DELAY.successClose - 1);
    expect(t.state().phase).toBe('open');
    await t.clock.advance(1);
    expect(t.state().phase).toBe('closing');
    expect(t.events).toEqual(['complete:login:false']);
  });

  it('a double click starts one ceremony', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    expect(t.pending).toHaveLength(1);
  });

  it('a cancelled ceremony shows its error, and Retry starts a new one', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    t.last().reject(new LatchError('passkey_not_allowed'));
    await t.clock.flush();
    expect(t.state().passkey).toMatchObject({ status: 'error', error: { code: 'passkey_not_allowed' } });
    expect(t.state().screen).toBe(SCREEN.awaitingPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    expect(t.state().passkey).toMatchObject({ status: 'pending', error: null });
    expect(t.pending).toHaveLength(2);
  });

  it('sign-up replaces a pending login; the late answer of the login is ignored', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    const login = t.last();
    t.runner.dispatch({ type: 'startPasskey', operation: 'signup' });
    expect(t.last().name).toBe('signUpWithPasskey');
    login.reject(new LatchError('passkey_not_allowed'));
    await t.clock.flush();
    expect(t.state().passkey).toMatchObject({ status: 'pending', operation: 'signup', error: null });
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it('goes through consent and wallet creation like a code login', async () => {
    const t = setup({ requireUsersAcceptTerms: true });
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'signup' });
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    await t.clock.advance(DELAY.beforeConsentOrWalletCreate);
    expect(t.state().screen).toBe(SCREEN.consent);
  });

  it('an allowlist refusal goes to its screen (SPEC §8 redirect)', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'signup' });
    t.last().reject(new LatchError('allowlist_rejected'));
    await t.clock.flush();
    expect(t.state().screen).toBe(SCREEN.allowlistRejection);
  });

  it('back abandons the ceremony: its late success does not complete the flow', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    t.runner.dispatch({ type: 'back' });
    expect(t.state()).toMatchObject({ screen: SCREEN.landing, passkey: { status: 'idle' } });
    t.last().resolve({ user: user(), isNewUser: false });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.state()).toMatchObject({ phase: 'open', screen: SCREEN.landing, succeeded: false });
  });

  it('a link flow cannot log in with a passkey', async () => {
    const t = setup();
    await t.open('link', SCREEN.linkPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'login' });
    expect(t.pending).toEqual([]);
  });
});

describe('LINK_PASSKEY_SCREEN', () => {
  it("adds a passkey: 'Passkey added' until Done, which reports the link", async () => {
    const t = setup();
    await t.open('link', SCREEN.linkPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'link' });
    expect(t.state().passkey).toMatchObject({ status: 'pending', operation: 'link' });
    t.last().resolve(user({ id: 'u1' }));
    await t.clock.flush();
    expect(t.state()).toMatchObject({ screen: SCREEN.linkPasskey, passkey: { status: 'done' }, succeeded: true });
    await t.clock.advance(10_000);
    expect(t.state().phase).toBe('open');
    t.runner.dispatch({ type: 'finish' });
    expect(t.events).toEqual(['complete:link:false']);
  });

  it('the limit error stays on the screen; one operation at a time', async () => {
    const t = setup();
    await t.open('link', SCREEN.linkPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'link' });
    t.runner.dispatch({ type: 'startPasskey', operation: 'unlink', credentialId: 'c1' });
    expect(t.pending.map((p) => p.name)).toEqual(['linkPasskey']);
    t.last().reject(new LatchError('cannot_link_more_of_type'));
    await t.clock.flush();
    expect(t.state()).toMatchObject({
      screen: SCREEN.linkPasskey,
      passkey: { status: 'error', error: { code: 'cannot_link_more_of_type' } },
    });
  });

  it('unlinks the passkey named and returns to the list', async () => {
    const t = setup();
    await t.open('link', SCREEN.linkPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'unlink', credentialId: 'cred-1' });
    expect(t.last()).toMatchObject({ name: 'unlinkPasskey', args: ['cred-1'] });
    t.last().resolve(user());
    await t.clock.flush();
    expect(t.state().passkey).toMatchObject({ status: 'idle', operation: 'unlink', error: null });
  });

  it('a passkey enrolled in MFA is refused by the server and the error stays on the list', async () => {
    const t = setup();
    await t.open('link', SCREEN.linkPasskey);
    t.runner.dispatch({ type: 'startPasskey', operation: 'unlink', credentialId: 'cred-1' });
    t.last().reject(new LatchError('missing_or_invalid_mfa'));
    await t.clock.flush();
    expect(t.state().passkey).toMatchObject({ status: 'error', error: { code: 'missing_or_invalid_mfa' } });
  });
});

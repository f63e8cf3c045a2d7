import { LatchError, LIMIT, TIMEOUT, type User } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import { describe, expect, it, vi } from 'vitest';
import type { LatchClient } from '../client.js';
import type { EmbeddedWalletBridge } from '../embeddedWallet/embeddedWalletBridge.js';
import { createEmbeddedWalletRuntime } from '../embeddedWallet/embeddedWalletRuntime.js';
import { createFakeClock } from '../testing/fakeClock.js';
// The runtime loads this module on first use: loaded up front, so its first transform (slow on a loaded machine) is
// not paid inside a test's waitFor.
import './mfaRuntime.js';

const ADDRESS = `0x${'b'.repeat(40)}` as const;
const GOOD = '123456';

/** The real runtime over a scripted frame (checks codes, records signatures) and a signed-in client. */
function setup(
  options: {
    methods?: User['mfaMethods'];
    appMethods?: string[];
    protectsSigning?: boolean;
    noPrompt?: boolean;
    required?: boolean;
    /** The test-only delay scale (LatchOptions.testDelayScale) on the clock. */
    delayScale?: number;
  } = {},
) {
  const clock = Object.assign(createFakeClock(), { delayScale: options.delayScale ?? 1 });
  let methods = options.methods ?? ['totp'];
  const signed: string[] = [];
  const verified: string[] = [];
  const smsSent: string[] = [];
  let permit: string | null = null;
  const user = () =>
    ({
      id: 'did:latch:u',
      mfaMethods: methods,
      linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
    }) as unknown as User;
  const config = {
    embeddedWallets: { noPromptOnSignature: true, headlessSigning: true },
    mfa: {
      methods: options.appMethods ?? ['totp', 'sms'],
      noPromptOnMfaRequired: options.noPrompt ?? false,
      required: options.required ?? false,
      protectsSigning: options.protectsSigning ?? true,
    },
  };
  const client = {
    getState: () => ({ user: user(), config }),
    subscribe: () => () => {},
    getAccessToken: async () => 'token',
    analyticsId: () => 'analytics-id',
    refreshUser: async () => user(),
    hasDeviceGrant: () => false,
    takeDeviceGrant: () => null,
    // The server's MFA_API.smsInit, as the host page's bearer call reaches it.
    authedRequest: async (path: string, body: { action: string; phone_number?: string }) => {
      if (path !== MFA_API.smsInit) throw new Error(`unexpected ${path}`);
      smsSent.push(body.phone_number ?? body.action);
      return {};
    },
  } as unknown as LatchClient;
  // The frame's enforcement as FR builds it: a permit per action, taken by the signature.
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => ({ address: ADDRESS }),
    connect: async () => ({ address: ADDRESS }),
    recover: async () => ({ address: ADDRESS }),
    setRecoveryPassword: async () => ({ address: ADDRESS }),
    rpc: async (data) => {
      const action = data.request.method === 'eth_signTransaction' ? 'send' : 'sign';
      if (config.mfa.protectsSigning && permit !== action) throw new LatchError('missing_or_invalid_mfa');
      permit = null;
      signed.push(String(data.request.params[0]));
      return { method: data.request.method, result: '0x5157' };
    },
    mfaVerify: async (data) => {
      if (!('mfaCode' in data) || data.mfaCode !== GOOD) throw new LatchError('missing_or_invalid_mfa');
      verified.push(`${data.action}:${data.method}`);
      permit = data.action;
      return { mfaMethods: methods, requiredActions: [] };
    },
    mfaSubmitEnrollment: async (data) => {
      if (!('mfaCode' in data) || data.mfaCode !== GOOD) throw new LatchError('missing_or_invalid_mfa');
      methods = [...methods, data.method];
      return { mfaMethods: methods, requiredActions: [] };
    },
    registerDevice: async () => {},
    clear: async () => {},
    destroy: () => {},
  };
  const runtime = createEmbeddedWalletRuntime({
    client,
    apiUrl: 'https://auth.example',
    appId: 'a'.repeat(25),
    clock,
    bridge,
  });
  const sign = () => runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] });
  const prompt = () => runtime.getState().mfa?.prompt ?? null;
  // What the prompt screen dispatches when the user types a code and presses Verify.
  const type = (code: string) =>
    runtime.loadMfa().then((mfa) => {
      mfa.promptAction({ type: 'codeChanged', code });
      mfa.promptAction({ type: 'submit' });
    });
  return { clock, runtime, sign, prompt, type, signed, verified, smsSent };
}

describe('MFA in the embedded wallet runtime (mfa_protects_signing)', () => {
  it("personal_sign waits for 'Verify your identity'; a wrong code is shown; the right one signs once", async () => {
    const t = setup();
    const signature = t.sign();
    await vi.waitFor(() => expect(t.prompt()).toMatchObject({ action: 'sign', method: 'totp', status: 'ready' }));
    expect(t.runtime.getState().mfa?.request).toMatchObject({ action: 'sign', methods: ['totp'] });
    await t.type('000000');
    await t.clock.flush();
    expect(t.prompt()).toMatchObject({ error: 'mfa_invalid_code', attempts: 1 });
    expect(t.signed).toEqual([]);
    await t.type(GOOD);
    await expect(signature).resolves.toBe('0x5157');
    expect(t.signed).toEqual(['hello']);
    expect(t.verified).toEqual(['sign:totp']);
    expect(t.prompt()).toBeNull();
    expect(t.runtime.getState().mfa?.request).toBeNull();
  });

  it(`${LIMIT.mfaAttempts} wrong codes block the prompt; closing it fails the signature, nothing signed`, async () => {
    const t = setup();
    const signature = t.sign().catch((e: unknown) => e);
    await vi.waitFor(() => expect(t.prompt()).not.toBeNull());
    for (let i = 0; i < LIMIT.mfaAttempts; i++) {
      await t.type('000000');
      await t.clock.flush();
    }
    expect(t.prompt()).toMatchObject({ blocked: true, error: 'mfa_verification_max_attempts_reached' });
    (await t.runtime.loadMfa()).promptAction({ type: 'cancel' });
    expect(await signature).toMatchObject({ code: 'mfa_verification_max_attempts_reached' });
    expect(t.signed).toEqual([]);
  });

  it(`'Not now' gives 'MFA canceled'; ${TIMEOUT.mfaCodeWait} ms without a code is a blocking mfa_timeout`, async () => {
    const t = setup();
    const first = t.sign().catch((e: unknown) => e);
    await vi.waitFor(() => expect(t.prompt()).not.toBeNull());
    (await t.runtime.loadMfa()).promptAction({ type: 'cancel' });
    expect(await first).toMatchObject({ message: 'MFA canceled' });
    void t.sign().catch(() => undefined);
    await vi.waitFor(() => expect(t.prompt()).not.toBeNull());
    await t.clock.advance(TIMEOUT.mfaCodeWait);
    expect(t.prompt()).toMatchObject({ error: 'mfa_timeout', blocked: true });
    expect(t.signed).toEqual([]);
  });

  it('the test-only delay scale leaves the code wait (a timeout) at its full length', async () => {
    const t = setup({ delayScale: 0.01 });
    void t.sign().catch(() => undefined);
    await vi.waitFor(() => expect(t.prompt()).not.toBeNull());
    await t.clock.advance(TIMEOUT.mfaCodeWait - 1);
    expect(t.prompt()).toMatchObject({ error: null, blocked: false });
    await t.clock.advance(1);
    expect(t.prompt()).toMatchObject({ error: 'mfa_timeout', blocked: true });
  });

  it('SMS first: the code is sent when the prompt opens', async () => {
    const t = setup({ methods: ['sms', 'totp'] });
    const signature = t.sign();
    await vi.waitFor(() => expect(t.prompt()).toMatchObject({ method: 'sms', status: 'ready' }));
    expect(t.smsSent).toEqual(['verify']);
    await t.type(GOOD);
    await expect(signature).resolves.toBe('0x5157');
    expect(t.verified).toEqual(['sign:sms']);
  });

  it('noPromptOnMfaRequired: no dialog; the host answers through submit (useMfa); enforcement unchanged', async () => {
    const t = setup({ noPrompt: true });
    const signature = t.sign();
    await vi.waitFor(() => expect(t.runtime.getState().mfa?.request).toMatchObject({ action: 'sign' }));
    expect(t.prompt()).toBeNull();
    const mfa = await t.runtime.loadMfa();
    await expect(mfa.submit('totp', '999999')).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' });
    await mfa.submit('totp', GOOD);
    await expect(signature).resolves.toBe('0x5157');
  });

  it('logout (reset) fails the waiting action and closes the prompt; nothing is signed', async () => {
    const t = setup();
    const signature = t.sign().catch((e: unknown) => e);
    await vi.waitFor(() => expect(t.prompt()).not.toBeNull());
    (await t.runtime.loadMfa()).reset();
    expect(await signature).toMatchObject({ message: 'MFA canceled' });
    expect(t.prompt()).toBeNull();
    expect(t.runtime.getState().mfa?.request).toBeNull();
    expect(t.signed).toEqual([]);
  });

  it('MFA required and no method yet: enrolment opens instead of the prompt; closing it fails the action', async () => {
    const t = setup({ methods: [], required: true });
    const signature = t.sign().catch((e: unknown) => e);
    await vi.waitFor(() => expect(t.runtime.getState().mfa?.enrollment?.step).toBe('intro'));
    expect(t.runtime.getState().mfa?.request).toMatchObject({ action: 'sign', needsEnrollment: true });
    expect(t.prompt()).toBeNull();
    (await t.runtime.loadMfa()).enrollmentAction({ type: 'close' });
    expect(await signature).toMatchObject({ message: 'MFA canceled' });
    expect(t.signed).toEqual([]);
  });

  it('an app without MFA never loads the MFA module', async () => {
    const t = setup({ methods: [], appMethods: [], protectsSigning: false });
    await expect(t.sign()).resolves.toBe('0x5157');
    expect(t.runtime.getState().mfa).toBeNull();
  });
});

describe('MFA enrolment in the runtime', () => {
  it('a further method: manage_mfa verification first, then the new method is saved', async () => {
    const t = setup({ protectsSigning: false });
    const mfa = await t.runtime.loadMfa();
    const closed = mfa.openEnrollment({ skipIntro: true });
    const enrollment = () => t.runtime.getState().mfa?.enrollment;
    expect(enrollment()).toMatchObject({ step: 'select', enrolled: ['totp'] });
    mfa.enrollmentAction({ type: 'choose', method: 'sms' });
    await vi.waitFor(() => expect(t.prompt()).toMatchObject({ action: 'manage_mfa' }));
    await t.type(GOOD);
    await vi.waitFor(() => expect(enrollment()).toMatchObject({ step: 'sms', verifying: false }));
    mfa.enrollmentAction({ type: 'phoneChanged', phone: '+15555550100' });
    mfa.enrollmentAction({ type: 'sendCode' });
    await vi.waitFor(() => expect(enrollment()?.smsCodeSent).toBe(true));
    expect(t.smsSent).toEqual(['+15555550100']);
    mfa.enrollmentAction({ type: 'codeChanged', code: GOOD });
    mfa.enrollmentAction({ type: 'submit' });
    await vi.waitFor(() =>
      expect(enrollment()).toMatchObject({ step: 'done', result: 'added', enrolled: ['totp', 'sms'] }),
    );
    mfa.enrollmentAction({ type: 'close' });
    await closed;
    expect(enrollment()).toBeNull();
    expect(t.verified).toEqual(['manage_mfa:totp']);
  });
});

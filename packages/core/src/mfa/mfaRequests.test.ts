import { type AppConfig, LatchError, type User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { mfaGatedBridge } from './mfaGatedBridge.js';
import { createMfaRequests, isMfaRefusal } from './mfaRequests.js';
import { mfaRequiredActions, mfaRequiredFor } from './mfaRequiredFor.js';

const user = (mfaMethods: User['mfaMethods']) => ({ id: 'u', mfaMethods }) as unknown as User;
const config = (mfa: Partial<AppConfig['mfa']> = {}) =>
  ({
    mfa: { methods: ['totp'], noPromptOnMfaRequired: false, required: false, protectsSigning: false, ...mfa },
  }) as AppConfig;

describe('mfaRequiredFor (the server rule, mirrored)', () => {
  it('with a method: the custody actions and manage_mfa; signing only when the app protects it', () => {
    expect(mfaRequiredActions(user(['totp']), config())).toEqual(['export', 'recovery', 'set_password', 'manage_mfa']);
    expect(mfaRequiredFor('send', user(['sms']), config({ protectsSigning: true }))).toBe(true);
    expect(mfaRequiredFor('sign', user(['sms']), config())).toBe(false);
  });

  it('without a method: nothing, unless the app requires MFA (then not manage_mfa: the first enrolment is free)', () => {
    expect(mfaRequiredActions(user([]), config())).toEqual([]);
    expect(mfaRequiredActions(user([]), config({ required: true, protectsSigning: true }))).toEqual([
      'export',
      'recovery',
      'set_password',
      'sign',
      'send',
    ]);
    expect(mfaRequiredActions(null, config({ required: true }))).toEqual([]);
  });
});

function setup(methods: User['mfaMethods'] = ['totp'], mfa: Partial<AppConfig['mfa']> = {}) {
  let current = user(methods);
  const verified: string[] = [];
  const requests = createMfaRequests({
    getUser: () => current,
    getConfig: () => config(mfa),
    async verify(action, method, proof) {
      if (proof !== '123456') throw new LatchError('missing_or_invalid_mfa');
      verified.push(`${action}:${method}`);
    },
  });
  return { requests, verified, setUser: (next: User) => (current = next) };
}

describe('the MFA gate (withMfa)', () => {
  it('verifies FIRST when required: the action runs only after the request is answered', async () => {
    const { requests, verified } = setup();
    const runs: string[] = [];
    const action = requests.withMfa('export', async () => runs.push('export'));
    expect(requests.getRequest()).toEqual({ id: 1, action: 'export', methods: ['totp'], needsEnrollment: false });
    expect(runs).toEqual([]);
    await expect(requests.submit('totp', '000000')).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' });
    expect(requests.getRequest()?.id).toBe(1); // still waiting: the user may try again
    await requests.submit('totp', '123456');
    await action;
    expect(runs).toEqual(['export']);
    expect(verified).toEqual(['export:totp']);
    expect(requests.getRequest()).toBeNull();
  });

  it('not required: runs at once; refused anyway (another tab enrolled): verifies, then retries once', async () => {
    const { requests } = setup(['totp']);
    let calls = 0;
    const sign = requests.withMfa('sign', async () => {
      calls += 1;
      if (calls === 1) throw new LatchError('missing_or_invalid_mfa');
      return '0xsig';
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(requests.getRequest()?.action).toBe('sign');
    await requests.submit('totp', '123456');
    await expect(sign).resolves.toBe('0xsig');
    expect(calls).toBe(2);
  });

  it('refused after the retry too: the error reaches the caller (no loop)', async () => {
    const { requests } = setup(['totp']);
    const send = requests.withMfa('send', async () => {
      throw new LatchError('missing_or_invalid_mfa');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await requests.submit('totp', '123456');
    await expect(send).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' });
    expect(requests.getRequest()).toBeNull();
  });

  it("cancel fails the action with SPEC §8's 'MFA canceled' client error and never runs it", async () => {
    const { requests } = setup();
    let ran = false;
    const action = requests.withMfa('recovery', async () => {
      ran = true;
    });
    requests.cancel();
    const error = await action.catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'MFA canceled' });
    expect(isMfaRefusal(error)).toBe(false);
    expect(ran).toBe(false);
  });

  it('requests run one at a time; reset (logout) fails every waiting action', async () => {
    const { requests } = setup();
    const first = requests.requestVerification('export');
    const second = requests.requestVerification('set_password');
    expect(requests.getRequest()?.action).toBe('export');
    await requests.submit('totp', '123456');
    await first;
    expect(requests.getRequest()?.action).toBe('set_password');
    const third = requests.requestVerification('recovery');
    requests.reset();
    await expect(second).rejects.toMatchObject({ message: 'MFA canceled' });
    await expect(third).rejects.toMatchObject({ message: 'MFA canceled' });
    expect(requests.getRequest()).toBeNull();
  });

  it('no method but MFA required: the request asks for enrolment, and lists the methods once enrolled', async () => {
    const { requests, setUser } = setup([], { required: true });
    void requests.withMfa('export', async () => undefined);
    expect(requests.getRequest()).toMatchObject({ needsEnrollment: true, methods: [] });
    setUser(user(['totp']));
    requests.refresh();
    expect(requests.getRequest()).toMatchObject({ needsEnrollment: false, methods: ['totp'] });
  });

  it('a blocking prompt error fails the action with its catalogue code; signed out: must_be_authenticated', async () => {
    const { requests, setUser } = setup();
    const action = requests.requestVerification('export');
    requests.cancel('mfa_verification_max_attempts_reached');
    await expect(action).rejects.toMatchObject({ code: 'mfa_verification_max_attempts_reached' });
    setUser(null as unknown as User);
    await expect(requests.requestVerification('export')).rejects.toMatchObject({ code: 'must_be_authenticated' });
  });
});

describe('mfaGatedBridge', () => {
  it('puts recover, setRecoveryPassword and rpc behind their actions; the rest passes through', async () => {
    const seen: string[] = [];
    const bridge = {
      recover: async () => ({ address: '0x1' }),
      setRecoveryPassword: async () => ({ address: '0x1' }),
      rpc: async () => ({ method: 'personal_sign', result: '0x' }),
      connect: async () => ({ address: '0x1' }),
      destroy: () => seen.push('destroy'),
    } as never;
    const gated = mfaGatedBridge(bridge, (action, run) => {
      seen.push(action);
      return run();
    });
    await gated.recover({} as never);
    await gated.setRecoveryPassword({} as never);
    await gated.rpc({ request: { method: 'personal_sign', params: [] } } as never);
    await gated.rpc({ request: { method: 'eth_signTransaction', params: [] } } as never);
    await gated.connect({} as never);
    gated.destroy();
    expect(seen).toEqual(['recovery', 'set_password', 'sign', 'send', 'destroy']);
  });
});

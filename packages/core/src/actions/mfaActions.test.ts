import { MFA_API } from '@latch/protocol/mfa';
import { describe, expect, it, vi } from 'vitest';
import { mfaActions } from './mfaActions.js';

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
}));

function client(answer: unknown = {}) {
  const calls: Array<{ path: string; body: unknown }> = [];
  return {
    calls,
    authedRequest: async <T>(path: string, body?: unknown): Promise<T> => {
      calls.push({ path, body });
      return answer as T;
    },
  };
}

describe('the host page MFA calls (bearer only)', () => {
  it('SMS: a code to the MFA phone, or to the phone being enrolled (trimmed)', async () => {
    const c = client();
    await mfaActions(c).initSmsVerification();
    await mfaActions(c).initSmsEnrollment(' +15555550100 ');
    expect(c.calls).toEqual([
      { path: MFA_API.smsInit, body: { action: 'verify' } },
      { path: MFA_API.smsInit, body: { action: 'enroll', phone_number: '+15555550100' } },
    ]);
  });

  it('passkey: the challenge in camelCase to the browser, the assertion back in snake_case', async () => {
    const c = client({ options: { challenge: 'abc', rp_id: 'auth.example', user_verification: 'required' } });
    startAuthentication.mockResolvedValueOnce({
      id: 'cred',
      rawId: 'cred',
      response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig', userHandle: 'uh' },
      clientExtensionResults: {},
      type: 'public-key',
    });
    const assertion = await mfaActions(c).passkeyVerificationAssertion();
    expect(c.calls).toEqual([{ path: MFA_API.passkeysInit, body: {} }]);
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rpId: 'auth.example', userVerification: 'required' },
    });
    expect(assertion).toEqual({
      id: 'cred',
      raw_id: 'cred',
      response: { client_data_json: 'cd', authenticator_data: 'ad', signature: 'sig', user_handle: 'uh' },
      client_extension_results: {},
      type: 'public-key',
    });
  });

  it("a dismissed or timed-out passkey dialog is SPEC §8's passkey_not_allowed; other failures pass through", async () => {
    const c = client({ options: { challenge: 'abc' } });
    startAuthentication.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await expect(mfaActions(c).passkeyVerificationAssertion()).rejects.toMatchObject({ code: 'passkey_not_allowed' });
    const other = new Error('boom');
    startAuthentication.mockRejectedValueOnce(other);
    await expect(mfaActions(c).passkeyVerificationAssertion()).rejects.toBe(other);
  });
});

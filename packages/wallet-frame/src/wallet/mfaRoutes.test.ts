import { LatchError } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { describe, expect, it } from 'vitest';
import { frameHost } from '../testing/frameHost.js';
import { memoryFrame } from '../testing/memoryCustody.js';

// Unit level, through the frame's router over a fake custody server (testing/memoryCustody.ts); the
// real server plays the same through wallet/frameMfa.integration.test.ts.
const personalSign = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: { method: 'personal_sign', params: ['gm', address] },
});
const TX = { to: '0x52908400098527886E0F7030069857D2E4169EE7', value: '0x1', chainId: 1, nonce: 0, gas: 21000 };
const signTx = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: { method: 'eth_signTransaction', params: [{ ...TX, from: address }] },
});
const verify = (accessToken: string, action: string) => ({ accessToken, method: 'totp', mfaCode: '123456', action });
const MFA_REFUSED = { type: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' };

async function protectedFrame() {
  const frame = await memoryFrame();
  const host = frameHost(frame.wallet);
  frame.server.mfa.state = { mfaMethods: ['totp'], requiredActions: ['export', 'sign', 'send', 'manage_mfa'] };
  // The state comes from MFA route answers; an enrolment answer is one.
  expect(
    (await host(WALLET_EVENT.mfaSubmitEnrollment, { accessToken: 'alice1', method: 'totp', mfaCode: '123456' })).data,
  ).toEqual(frame.server.mfa.state);
  return { ...frame, host };
}

describe('latch:mfa:* routes and the signing gate (fake server)', () => {
  it('signs without MFA when the owner has nothing protected', async () => {
    const { host, address } = await memoryFrame().then((f) => ({ ...f, host: frameHost(f.wallet) }));
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).data).toMatchObject({
      result: expect.stringMatching(/^0x/),
    });
  });

  it('refuses personal_sign and eth_signTransaction without a verify; one verify signs once', async () => {
    const { host, address, server } = await protectedFrame();
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', address))).error).toEqual(MFA_REFUSED);

    expect((await host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'))).data).toEqual(server.mfa.state);
    expect(server.mfa.verified).toEqual([{ token: 'alice1', action: 'sign' }]);
    // A permit for sign does not sign a transaction, and is not spent by that refusal.
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', address))).error).toEqual(MFA_REFUSED);
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).data).toMatchObject({
      result: expect.stringMatching(/^0x/),
    });
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);

    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'send'));
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', address))).data).toMatchObject({
      result: expect.stringMatching(/^0x/),
    });
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', address))).error).toEqual(MFA_REFUSED);
  });

  it('a verify for export or manage_mfa keeps no permit in the frame (the server holds those)', async () => {
    const { host, address } = await protectedFrame();
    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'export'));
    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'manage_mfa'));
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);
  });

  it('an MFA refusal comes before the confirmation; a cancelled confirmation keeps the permit', async () => {
    const frame = await protectedFrame();
    const shown: string[] = [];
    let answer: 'approve' | 'cancel' = 'cancel';
    const host = frameHost(frame.wallet, {
      headless: false,
      gate: {
        async confirm(content) {
          shown.push(content.title);
          if (answer === 'cancel') throw new LatchError('approval_rejected');
        },
        clear() {},
      },
    });
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', frame.address))).error).toEqual(MFA_REFUSED);
    expect(shown).toEqual([]);
    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'send'));
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', frame.address))).error?.type).toBe('approval_rejected');
    answer = 'approve';
    expect((await host(WALLET_EVENT.walletRpc, signTx('alice1', frame.address))).data).toMatchObject({
      result: expect.stringMatching(/^0x/),
    });
    expect(shown).toEqual(['Send ETH', 'Send ETH']);
  });

  it('latch:mfa:clear and latch:wallet:clear drop the permits', async () => {
    const { host, address } = await protectedFrame();
    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'));
    expect(await host(WALLET_EVENT.mfaClear, {})).toMatchObject({ data: {} });
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);

    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'));
    expect((await host(WALLET_EVENT.walletClear, {})).error).toBeUndefined();
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);
  });

  it("another user's token and another session's token never use the owner's permit", async () => {
    const { host, address } = await protectedFrame();
    await host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'));
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice2', address))).error).toEqual(MFA_REFUSED);
    const protectedFrame2 = await protectedFrame();
    await protectedFrame2.host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'));
    const bob = await protectedFrame2.host(WALLET_EVENT.walletRpc, personalSign('bob', protectedFrame2.address));
    expect(bob.error?.type).toBe('error'); // another user: the frame is cleared and the token refused
    // Bob's token cleared the frame: Alice's permit went with it.
    const again = await protectedFrame2.host(WALLET_EVENT.walletRpc, personalSign('alice1', protectedFrame2.address));
    expect(again.error).toEqual(MFA_REFUSED);
  });

  it('the GET wallet check of a new token brings the state (a method enrolled elsewhere)', async () => {
    const { host, address, server } = await memoryFrame().then((f) => ({ ...f, host: frameHost(f.wallet) }));
    server.mfa.state = { mfaMethods: ['sms'], requiredActions: ['sign', 'send'] };
    // alice1 is already accepted and its state (none) known: the cache signs without asking.
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).data).toBeDefined();
    // alice2 (another session) is checked with the server, which now answers the enrolled method.
    expect((await host(WALLET_EVENT.walletRpc, personalSign('alice2', address))).error).toEqual(MFA_REFUSED);
  });

  it('init-enrollment answers the secret camelCase; unenroll answers the new state', async () => {
    const { host, server } = await protectedFrame();
    expect((await host(WALLET_EVENT.mfaInitEnrollment, { accessToken: 'alice1', method: 'totp' })).data).toEqual({
      authUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
      secret: 'JBSWY3DPEHPK3PXP',
    });
    server.mfa.state = { mfaMethods: [], requiredActions: [] };
    expect((await host(WALLET_EVENT.mfaUnenroll, { accessToken: 'alice1', method: 'totp' })).data).toEqual({
      mfaMethods: [],
      requiredActions: [],
    });
  });

  it('bad input is refused before any server call: 7 digits, letters, a string passkey response, no token', async () => {
    const { host, server } = await protectedFrame();
    server.calls.length = 0;
    for (const data of [
      { ...verify('alice1', 'sign'), mfaCode: '1234567' },
      { ...verify('alice1', 'sign'), mfaCode: '12a456' },
      { accessToken: 'alice1', method: 'passkey', credential: '{"id":"x"}', action: 'sign' },
      { ...verify('alice1', 'sign'), action: 'everything' },
      { method: 'totp', mfaCode: '123456', action: 'sign' },
    ]) {
      expect((await host(WALLET_EVENT.mfaVerify, data)).error?.type).toBe('invalid_request_arguments');
    }
    expect((await host(WALLET_EVENT.mfaUnenroll, { accessToken: 'alice1', method: 'email' })).error?.type).toBe(
      'invalid_request_arguments',
    );
    expect(server.calls).toEqual([]);
    // A token the frame cannot verify never reaches the server either.
    expect((await host(WALLET_EVENT.mfaVerify, verify('x', 'sign'))).error?.type).toBe('error');
    expect(server.calls).toEqual([]);
  });

  it("maps the server's MFA errors to SPEC §8 types with the catalogue's texts, and keeps no permit", async () => {
    const { host, address, server } = await protectedFrame();
    const cases = [
      [new LatchError('missing_or_invalid_mfa', 'code 123456 was wrong'), MFA_REFUSED],
      [
        new LatchError('mfa_verification_max_attempts_reached', undefined, { status: 429 }),
        { type: 'mfa_verification_max_attempts_reached', message: 'MFA verification max attempts reached.' },
      ],
      [new LatchError('mfa_timeout'), { type: 'mfa_timeout', message: 'Timed out waiting for MFA code' }],
    ] as const;
    for (const [error, reply] of cases) {
      server.mfa.refuse = error;
      expect((await host(WALLET_EVENT.mfaVerify, verify('alice1', 'sign'))).error).toEqual(reply);
      expect((await host(WALLET_EVENT.walletRpc, personalSign('alice1', address))).error).toEqual(MFA_REFUSED);
    }
  });
});

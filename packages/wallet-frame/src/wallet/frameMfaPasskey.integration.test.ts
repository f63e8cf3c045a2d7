import type { WirePasskeyRequestOptions } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { MFA_API } from '@latch/protocol/mfa';
import {
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  passkeyIds,
  passkeyTestClient,
  routeBackends,
  SoftAuthenticator,
} from '@latch/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';

// Passkey MFA through the frame on the real server: a linked passkey (the server's soft authenticator:
// real WebAuthn signatures checked by @simplewebauthn) enrolled for MFA through the frame, its assertion
// verified through latch:mfa:verify with the frame's device proof.
type FrameData = { address?: `0x${string}`; result?: `0x${string}`; mfaMethods?: string[]; requiredActions?: string[] };
const MFA_REFUSED = { type: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' };

describe.each(routeBackends())('passkey MFA through the frame ($name)', (backend) => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer({
      backend,
      settings: { rpId: PASSKEY_RP_ID },
      app: {
        config: { passkey_auth: true, email_auth: true, mfa_methods: ['passkey'], mfa_protects_signing: true },
        allowedOrigins: [PASSKEY_ORIGIN],
      },
    });
  });
  afterAll(async () => env?.close());

  it('enrols a linked passkey through the frame; its assertion verifies sign once; a replay is refused', async () => {
    const login = await env.login('mfa-passkey@example.com');
    const host = frameHost<FrameData>((await env.device()).wallet);
    await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
    const address = (await host(WALLET_EVENT.walletCreate, { accessToken: login.token })).data?.address as string;
    const sign = { accessToken: login.token, address, request: { method: 'personal_sign', params: ['gm', address] } };

    const client = passkeyTestClient(env.server, env.appId, env.clientId);
    const authenticator = new SoftAuthenticator();
    const [credentialId] = passkeyIds(await client.link(login.token, authenticator, 'code'));
    await client.stepUp(login.token, 'manage_mfa');
    const enrolled = await host(WALLET_EVENT.mfaSubmitEnrollment, {
      accessToken: login.token,
      method: 'passkey',
      credentialIds: [credentialId],
    });
    expect(enrolled.data).toMatchObject({ mfaMethods: ['passkey'], requiredActions: expect.arrayContaining(['sign']) });
    expect((await host(WALLET_EVENT.walletRpc, sign)).error).toEqual(MFA_REFUSED);

    // The host page asks for the challenge (bearer only); the authenticator answers it; the frame verifies.
    const init = await client.post(MFA_API.passkeysInit, {}, login.token);
    const { options } = (await init.json()) as { options: WirePasskeyRequestOptions };
    const credential = await authenticator.get(options, PASSKEY_ORIGIN);
    const verify = { accessToken: login.token, method: 'passkey', credential, action: 'sign' };
    expect((await host(WALLET_EVENT.mfaVerify, verify)).error).toBeUndefined();
    expect((await host(WALLET_EVENT.walletRpc, sign)).data?.result).toMatch(/^0x/);
    expect((await host(WALLET_EVENT.walletRpc, sign)).error).toEqual(MFA_REFUSED);

    // The same assertion again: its challenge was single-use, so no second permit.
    expect((await host(WALLET_EVENT.mfaVerify, verify)).error?.type).toBe('missing_or_invalid_mfa');
    expect((await host(WALLET_EVENT.walletRpc, sign)).error).toEqual(MFA_REFUSED);
  });
});

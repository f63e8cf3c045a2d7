import { randomBytes } from 'node:crypto';
import { DEV_API } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { TestFrame } from '../wallets/testing/testFrame.js';
import { enrollTotp, mfaUser, stepUpToManageMfa, totpCode, verifyTotp } from './testing/mfaTesting.js';

const HOST = 'https://host.example';
// Every header combination a non-browser client can forge: none of them counts.
const ORIGINS = ['http://localhost:8787', HOST, 'https://evil.example', undefined, 'null'];
const SITES = ['same-origin', 'cross-site', undefined];
const HEADER_SETS = ORIGINS.flatMap((origin) =>
  SITES.map((site) => ({
    ...(origin === undefined ? {} : { origin }),
    ...(site === undefined ? {} : { 'sec-fetch-site': site }),
  })),
);

forEachBackend('MFA under attack: a stolen access token (#13)', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  const theApp = async () => {
    app ??= await server().createApp({
      name: 'Acme',
      allowedOrigins: [HOST],
      config: { email_auth: true, mfa_methods: ['totp', 'sms'] },
    });
    return app;
  };
  const victim = async (s: TestServer) => {
    const user = await mfaUser(s, await theApp(), {
      type: 'email',
      address: `victim-${randomBytes(4).toString('hex')}@example.com`,
    });
    const secret = await enrollTotp(s, user.frame);
    return { ...user, secret };
  };

  it('without a device proof, with any Origin / Sec-Fetch-*, the token cannot verify, enrol or unenrol', async () => {
    const s = server();
    const { frame, owner, secret } = await victim(s);
    const before = await s.ctx.mfaFactors.get(owner);
    const calls: Array<[string, unknown]> = [
      [MFA_API.verify, { method: 'totp', mfa_code: totpCode(s, secret), action: 'export' }],
      [MFA_API.totpInitEnrollment, {}],
      [MFA_API.totpEnroll, { mfa_code: totpCode(s, secret) }],
      [MFA_API.smsEnroll, { phone_number: '+14155550188', mfa_code: '123456' }],
      [MFA_API.passkeysEnroll, { credential_ids: ['AAAA'] }],
      [MFA_API.unenroll, { method: 'totp' }],
    ];
    for (const headers of HEADER_SETS) {
      for (const [path, body] of calls) {
        const res = await frame.call('POST', path, body, { noProof: true, headers });
        // A disallowed Origin is refused before the token is even read; else the missing proof.
        const allowed =
          headers.origin === undefined || headers.origin === HOST || headers.origin.startsWith('http://localhost');
        const expected = allowed ? 'invalid_device_proof' : 'invalid_origin';
        expect((await res.json()).error, `${path} ${JSON.stringify(headers)}`).toBe(expected);
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
    }
    // Nothing changed, and the right code was not spent: the owner's frame still verifies with it.
    expect(await s.ctx.mfaFactors.get(owner)).toEqual(before);
    expect((await verifyTotp(frame, totpCode(s, secret), 'export')).status).toBe(200);
  });

  it("with the thief's own device key (not registered) the token gets nothing either", async () => {
    const s = server();
    const { frame, owner, secret } = await victim(s);
    const thief = await TestFrame.create(s, frame.user);
    const before = await s.ctx.mfaFactors.get(owner);
    for (const [path, body] of [
      [MFA_API.verify, { method: 'totp', mfa_code: totpCode(s, secret), action: 'export' }],
      [MFA_API.unenroll, { method: 'totp' }],
      [MFA_API.totpInitEnrollment, {}],
    ] as const) {
      const res = await thief.call('POST', path, body, { headers: { origin: HOST } });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('device_not_registered');
    }
    expect(await s.ctx.mfaFactors.get(owner)).toEqual(before);
    // A verification made by the owner's device is bound to it: the thief's key cannot use it.
    expect((await verifyTotp(frame, totpCode(s, secret), 'export')).status).toBe(200);
    expect((await thief.call('POST', WALLET_API.exportInit)).status).toBe(403);
  });

  it('the bearer-only SMS init sends a code to the thief, but enrolling the phone still needs the frame', async () => {
    const s = server();
    const { frame, owner } = await victim(s);
    const thiefPhone = '+14155550199';
    const headers = { ...widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token), origin: HOST };
    const init = await s.call('POST', MFA_API.smsInit, {
      body: { action: 'enroll', phone_number: thiefPhone },
      headers,
    });
    expect(init.status).toBe(200);
    const outbox = (await (await s.call('GET', DEV_API.outbox)).json()) as Array<{ recipient: string; code: string }>;
    const code = outbox.find((m) => m.recipient === thiefPhone)?.code;
    const enrol = await frame.call(
      'POST',
      MFA_API.smsEnroll,
      { phone_number: thiefPhone, mfa_code: code },
      { noProof: true, headers: { origin: HOST } },
    );
    expect(enrol.status).toBe(401);
    // Even the owner's frame could not add it without a step-up (stepUp/), nor, after one, without a
    // manage_mfa verification (the user has TOTP).
    const bare = await frame.call('POST', MFA_API.smsEnroll, { phone_number: thiefPhone, mfa_code: code });
    expect(bare.status).toBe(401);
    expect((await bare.json()).error).toBe('step_up_required');
    await stepUpToManageMfa(s, frame);
    const owners = await frame.call('POST', MFA_API.smsEnroll, { phone_number: thiefPhone, mfa_code: code });
    expect(owners.status).toBe(401);
    expect((await owners.json()).error).toBe('missing_or_invalid_mfa');
    expect((await s.ctx.mfaFactors.get(owner)).sms).toBeNull();
  });
});

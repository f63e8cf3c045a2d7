import { PASSWORDLESS_API } from '@latch/protocol';
import { afterAll, expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { startLoopbackTwilio } from '../../kernel/delivery/testing/loopbackTwilio.js';
import { forEachBackend } from '../../test/harness.js';
import { passwordlessTestClient } from '../passwordless/testing/passwordlessTestClient.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';

// SPEC §2: SMS MFA is 'Disabled' for a user who logs in by SMS. The other order — SMS MFA first, then
// a phone linked as a login — must be refused too, or one phone (one SIM swap) logs in AND passes MFA.

const twilio = await startLoopbackTwilio();
afterAll(() => twilio.close());

forEachBackend('MFA: SMS verification and an SMS login exclude each other', (server) => {
  it('refuses to link a phone login to a user with SMS MFA (no code spent, nothing changed)', async () => {
    const { appId, clientId } = await server().createApp({
      config: { email_auth: true, sms_auth: true, mfa_methods: ['sms'] },
    });
    const client = passwordlessTestClient(server(), appId, clientId);
    const session = await server().signIn(appId, { type: 'email', address: 'sms-mfa@example.test' });
    const userId = session.user.id.replace('did:latch:', '');
    const phone = '+14155550177';
    await server().ctx.mfaFactors.enrollSms({ appId, userId }, phone);
    await stepUpForTest(server(), { appId, clientId, token: session.token! }, 'link');
    await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: phone, purpose: 'link' }, { token: session.token! });
    const code = await client.latestCode(phone);
    await expectRefusedUnchanged(
      server(),
      async () => client.post(PASSWORDLESS_API.smsLink, { phoneNumber: phone, code }, { token: session.token! }),
      400,
      'invalid_data',
    );
    // Without SMS MFA the same code links the phone (the refusal spent nothing).
    await server().ctx.mfaFactors.remove({ appId, userId }, 'sms');
    const linked = await client.post(PASSWORDLESS_API.smsLink, { phoneNumber: phone, code }, { token: session.token! });
    expect(linked.status).toBe(200);
  });
});

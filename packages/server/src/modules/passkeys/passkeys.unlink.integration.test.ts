import { PASSWORDLESS_API } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { passkeyIds, passkeyTestClient } from './testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from './testing/softAuthenticator.js';

// The last-login-method rule (cannot_unlink_last_account) where passkeys make it new: a passkey
// linked only for MFA logs nobody in. Fails without the rule.

async function setup(server: TestServer, config: Record<string, unknown>) {
  const { appId, clientId } = await server.createApp({
    config: { email_auth: true, ...config },
    allowedOrigins: [PASSKEY_ORIGIN],
  });
  return { appId, client: passkeyTestClient(server, appId, clientId) };
}

forEachBackend(
  'passkeys: the last login method',
  (server) => {
    it('does not count an MFA-only passkey (passkey login off) as a login method', async () => {
      const { appId, client } = await setup(server(), { passkey_auth: false, mfa_methods: ['passkey'] });
      const session = await server().signIn(appId, { type: 'email', address: 'mfa-only@example.test' });
      expect(passkeyIds(await client.link(session.token!, new SoftAuthenticator(), 'code'))).toHaveLength(1);
      await client.stepUp(session.token!, 'unlink');
      // Unlinking the email would leave a passkey that logs nobody in: the user would be locked out.
      await expectRefusedUnchanged(
        server(),
        () => client.post(PASSWORDLESS_API.emailUnlink, { address: 'mfa-only@example.test' }, session.token!),
        409,
        'cannot_unlink_last_account',
      );
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);

import { PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { afterAll, expect, it } from 'vitest';
import { startLoopbackSmtp } from '../../kernel/delivery/testing/loopbackSmtp.js';
import { forEachBackend } from '../../test/harness.js';
import { passwordlessTestClient, uniqueEmail } from './testing/passwordlessTestClient.js';

// A real SMTP server on loopback standing in for the relay: the code is read from the delivered email.
const smtp = await startLoopbackSmtp();
afterAll(() => smtp.close());

forEachBackend(
  'passwordless email over SMTP',
  (server) => {
    it('emails the code through the relay, and the code from the email logs in', async () => {
      const { appId, clientId } = await server().createApp({ name: 'Acme' });
      const client = passwordlessTestClient(server(), appId, clientId);
      const email = uniqueEmail('smtp');
      expect((await client.post(PASSWORDLESS_API.emailInit, { email })).status).toBe(200);

      const delivered = smtp.received.filter((m) => m.to.includes(email));
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.user).toBe('latch');
      expect(delivered[0]!.raw).toMatch(/^From: Acme <no-reply@acme\.example>/m);
      const code = delivered[0]!.raw.match(/^Subject: (\d{6}) is your login code for Acme$/m)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const auth = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code });
      expect(auth.status).toBe(200);
      expect(((await auth.json()) as TokenResponse).is_new_user).toBe(true);
    });
  },
  { settings: { smtpUrl: smtp.url, emailFrom: 'Acme <no-reply@acme.example>' } },
);

import { PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { forEachBackend } from '../../test/harness.js';
import { passwordlessTestClient, uniqueEmail, wrongCode } from './testing/passwordlessTestClient.js';

// One capture per backend block: the server's real pino logger at its most verbose level.
const captures: ReturnType<typeof captureLogs>[] = [];

forEachBackend(
  'passwordless logging',
  (server) => {
    it('never writes a code or a token to the logs, even at trace level and on failures', async () => {
      const logs = captures.at(-1)!;
      const { appId, clientId } = await server().createApp({ name: 'Acme', config: { sms_auth: true } });
      const client = passwordlessTestClient(server(), appId, clientId);
      const email = uniqueEmail('logs');
      await client.post(PASSWORDLESS_API.emailInit, { email });
      const firstCode = await client.latestCode(email);
      await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: wrongCode(firstCode) });
      const session = (await (
        await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: firstCode })
      ).json()) as TokenResponse;
      await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: firstCode });
      await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+14155550177' });
      const smsCode = await client.latestCode('+14155550177');
      await client.post(
        PASSWORDLESS_API.smsLink,
        { phoneNumber: '+14155550177', code: smsCode },
        { token: session.token! },
      );
      for (let i = 0; i < 6; i++) await client.post(PASSWORDLESS_API.emailInit, { email });

      const secrets = [...(await client.outbox()).map((m) => m.code), session.token!, session.refresh_token!];
      const text = logs.lines.join('');
      // The capture is live: requests were logged (so silence would not pass for safety).
      expect(text).toContain(PASSWORDLESS_API.emailAuthenticate);
      expect(text).toContain('"status":429');
      for (const secret of secrets) expect(text).not.toContain(secret);
    });
  },
  {
    overrides: () => {
      const capture = captureLogs('trace');
      captures.push(capture);
      return { logger: capture.logger };
    },
  },
);

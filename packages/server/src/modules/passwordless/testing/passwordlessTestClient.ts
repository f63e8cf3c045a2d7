import { randomBytes } from 'node:crypto';
import { DEV_API, PASSWORDLESS_API } from '@latch/protocol';
import type { OutboxMessage } from '../../../kernel/ports.js';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';

/** A random documentation-range IPv4 address, so tests in one server do not share per-IP limits. */
export const randomIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A unique email address for one test. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** Calls the passwordless endpoints as the widget would, from one client IP, reading codes from the dev outbox. */
export function passwordlessTestClient(server: TestServer, appId: string, clientId: string, ip = randomIp()) {
  const post = (path: string, body: unknown, options: { token?: string; ip?: string; rawBody?: string } = {}) =>
    server.app.request(
      path,
      {
        method: 'POST',
        headers: { ...widgetHeaders(appId, clientId, options.token), 'content-type': 'application/json' },
        body: options.rawBody ?? JSON.stringify(body),
      },
      // What @hono/node-server passes as the env: the socket the request came from.
      { incoming: { socket: { remoteAddress: options.ip ?? ip } } },
    );
  const outbox = async (): Promise<OutboxMessage[]> => (await server.call('GET', DEV_API.outbox)).json();
  return {
    post,
    outbox,
    /** The code of the newest message to `recipient`. */
    async latestCode(recipient: string): Promise<string> {
      // Notices (security events) carry no code: the newest message that has one.
      const message = (await outbox()).find((m) => m.recipient === recipient && m.code !== '');
      if (!message) throw new Error(`No message to ${recipient} in the dev outbox`);
      return message.code;
    },
    /** init + authenticate by email; returns the authenticate response. */
    async emailLogin(email: string): Promise<Response> {
      const init = await post(PASSWORDLESS_API.emailInit, { email });
      if (init.status !== 200) throw new Error(`init answered ${init.status}: ${await init.text()}`);
      return post(PASSWORDLESS_API.emailAuthenticate, { email, code: await this.latestCode(email.toLowerCase()) });
    },
  };
}

/** A 6-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import type { TokenResponse, WireUser } from '@latch/protocol';
import { OAUTH_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { oauthApp, TEST_CALLBACK } from './testing/oauthTestClient.js';

// What a provider account (or anyone who posts to the callback) puts in a profile is text the databases
// must take: a NUL, a lone surrogate, or a name cut in the middle of a character made the login a 500.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [TEST_CALLBACK] });
});
afterAll(async () => {
  await idp?.close();
});

const accountOf = (body: TokenResponse, type: string) =>
  (body.user as WireUser).linked_accounts.find((a) => a.type === type) as unknown as Record<string, unknown>;

forEachBackend('OAuth profile text', (server) => {
  it('a provider account whose name holds a NUL logs in, the name cleaned (no 500)', async () => {
    const { client } = await oauthApp(server(), idp, ['github']);
    for (const [email, name, stored] of [['nul@example.com', 'Mallory\u0000Admin', 'MalloryAdmin']]) {
      const { url, state, verifier } = await client.init('github');
      const back = await client.authorize(url, { email, name });
      const res = await client.exchangeRaw({
        authorization_code: back.code!,
        state_code: state,
        code_verifier: verifier,
      });
      expect(res.status).toBe(200);
      expect(accountOf((await res.json()) as TokenResponse, 'github_oauth').name).toBe(stored);
    }
  });

  it("Apple's posted name with a NUL, or long enough to be cut inside an emoji, logs in (no 500)", async () => {
    const { client } = await oauthApp(server(), idp, ['apple']);
    for (const firstName of [`${'a'.repeat(255)}😀`, 'Eve\u0000']) {
      const { url, state, verifier } = await client.init('apple');
      const back = await client.authorize(url);
      // The form_post Apple makes with the first authorization's name (anyone who knows the state can make it).
      const form = new URLSearchParams({ state, user: JSON.stringify({ name: { firstName, lastName: 'X' } }) });
      const cb = await server().call('POST', OAUTH_API.callback, {
        rawBody: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(cb.status).toBe(302);
      const res = await client.exchangeRaw({
        authorization_code: back.code!,
        state_code: state,
        code_verifier: verifier,
      });
      expect(res.status).toBe(200);
      const name = accountOf((await res.json()) as TokenResponse, 'apple_oauth').name as string;
      expect(() => encodeURIComponent(name)).not.toThrow(); // well-formed UTF-16
      expect(name).not.toContain('\u0000');
    }
  });
});

import type { OAuthProvider } from '@latch/protocol';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { oauthApp } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// Issue #24: a state is checked against the requesting app (and intent, user, session) before it is spent, so
// another app's (or user's) request carrying a leaked state code cannot burn the flow a browser is finishing.

const devIdp = sharedDevIdp();

const IGNORE = { ignore: ['short_lived', 'short_lived_counters', 'rate_limits', 'durable_counters'] };

/** A flow of `app` taken up to the return parameters (the code not yet exchanged). */
async function returned(app: Awaited<ReturnType<typeof oauthApp>>, provider: OAuthProvider, token?: string) {
  const { url, state, verifier } = await app.client.init(provider, token);
  const back = await app.client.authorize(url);
  return { authorization_code: back.code!, state_code: state, code_verifier: verifier };
}

forEachBackend('OAuth state ownership', (server) => {
  const refused = (request: () => Promise<Response>) =>
    expectRefusedUnchanged(server() as TestServer, request, 401, 'unknown_auth_error', IGNORE);

  it('another app’s authenticate with a user’s state is refused and does not spend it: the user still logs in', async () => {
    const a = await oauthApp(server(), devIdp(), ['spotify']);
    const b = await oauthApp(server(), devIdp(), ['spotify']);
    const body = await returned(a, 'spotify');
    await refused(() => b.client.exchangeRaw(body));
    expect((await a.client.exchangeRaw(body)).status).toBe(200);
  });

  it('another user’s link, or a login, with a user’s link state does not spend it: the owner still links', async () => {
    const app = await oauthApp(server(), devIdp(), ['google']);
    const owner = await server().signIn(app.appId, { type: 'email', address: 'state-owner@example.com' });
    const thief = await server().signIn(app.appId, { type: 'email', address: 'state-thief@example.com' });
    // Both stepped up for a link (issue #24): the state check, not the step-up, is what refuses the thief.
    for (const who of [owner, thief]) {
      await stepUpForTest(server(), { appId: app.appId, clientId: app.clientId, token: who.token! }, 'link');
    }
    const body = await returned(app, 'google', owner.token!);
    await refused(() => app.client.exchangeRaw(body, thief.token!));
    await refused(() => app.client.exchangeRaw(body));
    const linked = await app.client.exchangeRaw(body, owner.token!);
    expect(linked.status, await linked.clone().text()).toBe(200);
  });
});

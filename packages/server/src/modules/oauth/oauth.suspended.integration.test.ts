import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { oauthApp, standIn } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// SPEC §8 `oauth_account_suspended` ('Your {provider} account is suspended…'): produced where a provider says so.
// X API v2 answers a call made with a suspended user's token 403 with a `user-suspended` problem.

const devIdp = sharedDevIdp();

/** X's problem body for a suspended user's call (its problem JSON, HTTP 403). */
const problem = (type: string) => ({
  detail: 'The user used for authentication is suspended',
  title: 'Forbidden',
  status: 403,
  type,
});

forEachBackend('OAuth: a provider reporting a suspended account', (server) => {
  it("X's user-suspended answer to the profile call is oauth_account_suspended, and no user is made", async () => {
    const { client } = await oauthApp(server(), devIdp(), ['twitter']);
    const { url, state, verifier } = await client.init('twitter');
    const back = await client.authorize(url, { email: 'suspended@example.com' });
    standIn(devIdp(), 'twitter').failNextUserinfo({
      status: 403,
      body: problem('https://api.twitter.com/2/problems/user-suspended'),
    });
    const before = await server().tableCounts();
    const res = await client.exchangeRaw({
      authorization_code: back.code!,
      state_code: state,
      code_verifier: verifier,
    });
    const body = await res.json();
    expect({ status: res.status, error: body.error }).toEqual({ status: 403, error: 'oauth_account_suspended' });
    expect(body.message).toBe('Your twitter account is suspended.');
    expect((await server().tableCounts()).users).toBe(before.users);
  });

  it('another 403 problem from X stays unknown_auth_error (only the suspended type says suspended)', async () => {
    const { client } = await oauthApp(server(), devIdp(), ['twitter']);
    const { url, state, verifier } = await client.init('twitter');
    const back = await client.authorize(url, { email: 'forbidden@example.com' });
    standIn(devIdp(), 'twitter').failNextUserinfo({
      status: 403,
      body: problem('https://api.twitter.com/2/problems/client-forbidden'),
    });
    const res = await client.exchangeRaw({
      authorization_code: back.code!,
      state_code: state,
      code_verifier: verifier,
    });
    expect((await res.json()).error).toBe('unknown_auth_error');
  });
});

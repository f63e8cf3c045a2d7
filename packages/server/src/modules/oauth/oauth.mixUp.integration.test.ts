import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { oauthApp, returnParams } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// OA-05 (issue #24): the mix-up attack. Every provider shares the one callback, so a code one provider issued
// could arrive with a state made for another, and be sent to that other provider's token endpoint. The
// callback compares the answer's `iss` (RFC 9207; the stand-ins send it) with the state's provider.

const devIdp = sharedDevIdp();

forEachBackend('OAuth mix-up', (server) => {
  it('does not forward a code whose iss names another provider than the state’s', async () => {
    const { client } = await oauthApp(server(), devIdp(), ['google', 'github']);
    // Google's real answer (its code and its iss)...
    const google = await client.init('google');
    const answer = await devIdp().followLogin(google.url);
    expect(answer.params.iss).toBe(devIdp().providers.google!.endpoints.issuer);
    // ...arrives with the state of a GitHub flow.
    const github = await client.init('github');
    const mixed = await client.callback('GET', { ...answer.params, state: github.state } as Record<string, string>);
    expect(mixed.status).toBe(302);
    const back = returnParams(mixed.headers.get('location')!);
    expect(back).toMatchObject({ code: null, state: github.state, provider: 'github', error: 'unknown_auth_error' });
    // An iss that is no URL at all is refused too; Google's answer on Google's own state goes through.
    const junk = await client.callback('GET', { ...answer.params, state: github.state, iss: 'nonsense' } as never);
    expect(returnParams(junk.headers.get('location')!).code).toBeNull();
    const own = await client.callback('GET', answer.params as Record<string, string>);
    expect(returnParams(own.headers.get('location')!)).toMatchObject({ code: answer.params.code, error: null });
  });

  it('accepts each stand-in’s own iss, OIDC or not (the whole flow still logs in)', async () => {
    const { client } = await oauthApp(server(), devIdp(), ['github', 'linkedin']);
    for (const provider of ['github', 'linkedin'] as const) {
      const { url } = await client.init(provider);
      const answer = await devIdp().followLogin(url);
      expect(answer.params.iss).toBe(`${devIdp().url}/${provider}`);
      const res = await client.callback('GET', answer.params as Record<string, string>);
      expect(returnParams(res.headers.get('location')!)).toMatchObject({ code: answer.params.code, error: null });
    }
  });
});

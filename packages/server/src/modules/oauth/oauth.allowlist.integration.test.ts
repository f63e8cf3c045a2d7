import type { OAuthProvider, TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { linkAccount } from '../../identity/users/users.js';
import { forEachBackend } from '../../test/harness.js';
import { oauthApp, standIn } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// Issue #32: under an allowlist, a new user signing up with an OAuth provider is admitted by the provider's
// *verified* email (docs/server.md "Access rules"); an unverified or unlisted one is refused.

const devIdp = sharedDevIdp();

forEachBackend('OAuth sign-up under an allowlist', (server, backend) => {
  /** An app with `providers` on the stand-ins and an allowlist naming `invited` (in another case). */
  async function allowlistedApp(providers: OAuthProvider[], invited: string) {
    const app = await oauthApp(server(), devIdp(), providers);
    await server().ctx.apps.update(app.appId, { allowlist: [invited.toUpperCase()] });
    return app;
  }

  /** The whole login as `email` at `provider`: the authenticate call's status and body. */
  async function logIn(
    client: Awaited<ReturnType<typeof allowlistedApp>>['client'],
    provider: OAuthProvider,
    email: string,
  ) {
    const { url, state, verifier } = await client.init(provider);
    const back = await client.authorize(url, { email, name: 'Ada Lovelace' });
    const res = await client.exchangeRaw({
      authorization_code: back.code!,
      state_code: state,
      code_verifier: verifier,
    });
    return { status: res.status, body: (await res.json()) as TokenResponse & { error?: string } };
  }

  it('google (user-info) and github (profile): a listed verified email signs up, then logs in again', async () => {
    for (const provider of ['google', 'github'] as const) {
      const email = `invited.${provider}.${backend}@example.com`;
      const { client } = await allowlistedApp([provider], email);
      const first = await logIn(client, provider, email);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.is_new_user).toBe(true);
      const again = await logIn(client, provider, email);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id } });
    }
  });

  it('an email off the list is refused with allowlist_rejected, and no user is made', async () => {
    const { client } = await allowlistedApp(['google'], `invited.only.${backend}@example.com`);
    const before = await server().tableCounts();
    const refused = await logIn(client, 'google', `stranger.${backend}@example.com`);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'allowlist_rejected' });
    expect((await server().tableCounts()).users).toBe(before.users);
  });

  it('an email the provider does not say it verified never passes, listed or not', async () => {
    // Apple's profile is its ID token: the stand-in's next one says email_verified false.
    const appleEmail = `unverified.apple.${backend}@example.com`;
    const apple = await allowlistedApp(['apple'], appleEmail);
    standIn(devIdp(), 'apple').tamperNextIdToken({ claims: { email_verified: false } });
    const refused = await logIn(apple.client, 'apple', appleEmail);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'allowlist_rejected' });
    // The same address verified: admitted (the refusal above was the verification, not the address).
    expect((await logIn(apple.client, 'apple', appleEmail)).status).toBe(200);

    // Spotify documents its address as unverified: never an allowlist match.
    const spotifyEmail = `unverified.spotify.${backend}@example.com`;
    const spotify = await allowlistedApp(['spotify'], spotifyEmail);
    const spotifyRefused = await logIn(spotify.client, 'spotify', spotifyEmail);
    expect(spotifyRefused.body.error).toBe('allowlist_rejected');
  });

  it('an existing user keeps logging in by a listed email account, whatever provider account they link', async () => {
    const email = `existing.${backend}@example.com`;
    const { appId, client } = await allowlistedApp(['twitter'], email);
    const signedIn = await server().signIn(appId, { type: 'email', address: email });
    // Linked through the users service (the route's step-up is tested with linking, oauth.integration.test.ts).
    const subject = standIn(devIdp(), 'twitter').subjectFor(`other.${backend}@example.com`);
    const account = { type: 'twitter_oauth', subject, email: null, name: null, username: null } as const;
    await linkAccount(server().ctx, appId, signedIn.user.id.replace('did:latch:', ''), account);
    // X gives no email: the user is admitted by the email account they already have.
    const again = await logIn(client, 'twitter', `other.${backend}@example.com`);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(signedIn.user.id);
  });
});

import { OAUTH_PROVIDERS, type OAuthProvider, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { securityEventProbe } from '../../identity/securityEvents/testing/securityEventProbe.js';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend } from '../../test/harness.js';
import {
  browserSecrets,
  oauthAccounts,
  oauthApp,
  RETURN_TO,
  standIn,
  TEST_CALLBACK,
} from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// Every provider's full flow against the dev stand-ins (oidc-provider, each provider's documented
// shapes): init → the provider's login page → our callback → authenticate; link and unlink.

const devIdp = sharedDevIdp();

/** What each provider's profile gives the linked account (after its documented user-info shape). */
const EXPECTED: Record<
  OAuthProvider,
  (email: string) => { email: string | null; name: string | null; username: boolean }
> = {
  google: (email) => ({ email, name: 'Ada Lovelace', username: false }),
  linkedin: (email) => ({ email, name: 'Ada Lovelace', username: false }),
  apple: (email) => ({ email, name: 'Ada Lovelace', username: false }),
  github: (email) => ({ email, name: 'Ada Lovelace', username: true }),
  discord: (email) => ({ email, name: 'Ada Lovelace', username: true }),
  // Spotify's address is unverified by its own documentation: never kept.
  spotify: () => ({ email: null, name: 'Ada Lovelace', username: false }),
  twitter: () => ({ email: null, name: 'Ada Lovelace', username: true }),
  instagram: () => ({ email: null, name: null, username: true }),
  tiktok: () => ({ email: null, name: 'Ada Lovelace', username: false }),
};

forEachBackend(
  'OAuth: every provider logs in, signs up once, links and unlinks',
  (server, backend) => {
    for (const provider of OAUTH_PROVIDERS) {
      it(`${provider}: init → provider → callback → authenticate signs up, then logs the same user in`, async () => {
        const { client } = await oauthApp(server(), devIdp(), [provider]);
        // Per backend: the stand-ins run once, and Apple sends the name only on an account's first authorization.
        const email = `ada.${provider}.${backend}@example.com`;

        const { url, state } = await client.init(provider);
        const authorization = new URL(url);
        expect(authorization.searchParams.get('redirect_uri')).toBe(TEST_CALLBACK);
        expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
        expect(authorization.searchParams.get('state')).toBe(state);
        if (provider === 'tiktok')
          expect(authorization.searchParams.get('client_key')).toBe(standIn(devIdp(), provider).clientId);
        if (provider === 'apple') expect(authorization.searchParams.get('response_mode')).toBe('form_post');
        const oidc = provider === 'google' || provider === 'apple' || provider === 'linkedin';
        expect(authorization.searchParams.has('nonce')).toBe(oidc);

        const first = await client.logIn(provider, { email, name: 'Ada Lovelace' });
        expect(first).toMatchObject({ is_new_user: true, session_update_action: 'set' });
        expect(first.device_grant).toEqual(expect.any(String));
        expect(first.oauth_provider_tokens).toBeUndefined();
        const [account] = oauthAccounts(first.user, provider);
        const expected = EXPECTED[provider](email);
        expect(account).toMatchObject({
          type: `${provider}_oauth`,
          subject: standIn(devIdp(), provider).subjectFor(email),
          email: expected.email,
          name: expected.name,
        });
        expect((account as { username: string | null }).username !== null).toBe(expected.username);

        // The same provider account again: the same user, a fresh login.
        const again = await client.logIn(provider, { email, name: 'Ada Lovelace' });
        expect(again).toMatchObject({ is_new_user: false, user: { id: first.user.id } });
        expect(again.device_grant).toEqual(expect.any(String));
      });
    }

    it('the callback returns to redirect_to keeping its own query, with code, state and provider', async () => {
      const { client } = await oauthApp(server(), devIdp(), ['github']);
      const { url, state } = await client.init('github');
      const back = await client.authorize(url);
      expect(back.url.origin + back.url.pathname).toBe(RETURN_TO.split('?')[0]);
      expect(back.url.searchParams.get('tab')).toBe('1');
      expect(back).toMatchObject({ state, provider: 'github', error: null, code: expect.any(String) });
    });

    it("answers the provider's tokens only when the app asks for them (return_oauth_provider_tokens)", async () => {
      const { client } = await oauthApp(server(), devIdp(), ['google'], { return_oauth_provider_tokens: true });
      const login = await client.logIn('google');
      expect(login.oauth_provider_tokens).toMatchObject({
        provider: 'google',
        access_token: expect.any(String),
        scopes: expect.arrayContaining(['openid', 'email']),
      });
      expect(login.oauth_provider_tokens?.access_token_expires_in_seconds).toBeGreaterThan(0);
    });

    it("an OAuth login whose email is another user's email signs up a new user: never a merge", async () => {
      const { appId, client } = await oauthApp(server(), devIdp(), ['google', 'github']);
      const email = 'shared.person@example.com';
      const emailUser = await server().signIn(appId, { type: 'email', address: email });
      const google = await client.logIn('google', { email });
      expect(google.is_new_user).toBe(true);
      expect(google.user.id).not.toBe(emailUser.user.id);
      expect(google.user.linked_accounts.map((a) => a.type)).toEqual(['google_oauth']);
      // And another provider with the same email: another new user again (identity is provider + subject).
      const github = await client.logIn('github', { email });
      expect(github.is_new_user).toBe(true);
      expect(new Set([emailUser.user.id, google.user.id, github.user.id]).size).toBe(3);
    });

    it('links a provider to an email user, one per provider, refuses one owned by another user, unlinks', async () => {
      const { appId, clientId, client } = await oauthApp(server(), devIdp(), ['discord', 'spotify']);
      const owner = await server().signIn(appId, { type: 'email', address: 'linker@example.com' });
      const token = owner.token!;
      const stepUp = (action: 'link' | 'unlink') => stepUpForTest(server(), { appId, clientId, token }, action);
      await stepUp('link');

      // A flow for a second Discord account, begun before the first is linked.
      const begunInit = await client.init('discord', token);
      const begun = await client.authorize(begunInit.url, { email: 'other.discord@example.com' });
      const linked = await client.link('discord', token, { email: 'linker.discord@example.com' });
      expect(linked.status, await linked.clone().text()).toBe(200);
      const user = (await linked.json()) as WireUser;
      expect(user.id).toBe(owner.user.id);
      const [discord] = oauthAccounts(user, 'discord');
      expect(discord).toMatchObject({ subject: standIn(devIdp(), 'discord').subjectFor('linker.discord@example.com') });

      // A second Discord account: one per type, said at init already, and at link for a flow begun before.
      const exchange = {
        authorization_code: begun.code!,
        state_code: begunInit.state,
        code_verifier: begunInit.verifier,
      };
      await stepUp('link');
      const late = await client.exchangeRaw(exchange, token);
      expect(late.status).toBe(409);
      expect((await late.json()).error).toBe('cannot_link_more_of_type');
      const secrets = browserSecrets();
      const second = await client.initRaw(
        { provider: 'discord', redirect_to: RETURN_TO, code_challenge: secrets.challenge, state_code: secrets.state },
        token,
      );
      expect(second.status).toBe(409);
      expect((await second.json()).error).toBe('cannot_link_more_of_type');

      // A Spotify account that already logs another user in.
      await client.logIn('spotify', { email: 'taken@example.com' });
      const taken = await client.link('spotify', token, { email: 'taken@example.com' });
      expect(taken.status).toBe(409);
      expect((await taken.json()).error).toBe('linked_to_another_user');

      const subject = (discord as { subject: string }).subject;
      await stepUp('unlink');
      const unlinked = await client.unlink('discord', subject, token);
      expect(unlinked.status).toBe(200);
      expect(oauthAccounts((await unlinked.json()) as WireUser, 'discord')).toEqual([]);
      // Unlinking again: nothing to unlink.
      await stepUp('unlink');
      expect((await client.unlink('discord', subject, token)).status).toBe(404);

      // Security events (issue #24): one row per link and unlink that happened (not for the refused ones),
      // naming the provider account, masked, once its code was exchanged.
      const rows = await securityEventProbe(server()).rows(owner.user.id.replace('did:latch:', ''));
      const masked = { account_type: 'discord_oauth', identifier: `${subject.slice(0, 4)}…` };
      expect(rows.map((r) => [r.type, r.detail])).toEqual([
        ['account_linked', masked],
        ['account_unlinked', masked],
      ]);
    });

    it('never unlinks the last login method', async () => {
      const { client } = await oauthApp(server(), devIdp(), ['twitter']);
      const login = await client.logIn('twitter');
      const [account] = oauthAccounts(login.user, 'twitter');
      // A Twitter-only user steps up by signing in with Twitter again.
      expect((await client.stepUp('twitter', login.token!, 'unlink')).status).toBe(200);
      const res = await client.unlink('twitter', (account as { subject: string }).subject, login.token!);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe('cannot_unlink_last_account');
    });

    it("link answers the provider's tokens when the app asks for them", async () => {
      const { appId, clientId, client } = await oauthApp(server(), devIdp(), ['linkedin'], {
        return_oauth_provider_tokens: true,
      });
      const owner = await server().signIn(appId, { type: 'email', address: 'tokens@example.com' });
      await stepUpForTest(server(), { appId, clientId, token: owner.token! }, 'link');
      const res = await client.link('linkedin', owner.token!);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: owner.user.id,
        oauth_provider_tokens: { provider: 'linkedin', access_token: expect.any(String) },
      });
    });
  },
  { settings: { logLevel: 'error' } },
);

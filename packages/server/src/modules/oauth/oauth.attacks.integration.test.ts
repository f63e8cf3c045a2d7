import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { LatchError, type OAuthProvider } from '@latch/protocol';
import { OAUTH_API, OAUTH_LIMIT } from '@latch/protocol/oauth';
import { describe, expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { createLogger } from '../../kernel/logger.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { OAuthLogin } from './OAuthLogin.js';
import { browserSecrets, oauthApp, RETURN_TO, standIn } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// The attacks on the OAuth round trip, each played against the real server and the dev stand-ins, each
// refused with SPEC's error and changing nothing; and nothing secret in the logs.

const devIdp = sharedDevIdp();

/** Every log line the servers write (trace level), to search for secrets. */
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

/** An app with `provider` on, and a flow taken up to the return parameters (the code not yet exchanged). */
async function returned(
  server: TestServer,
  provider: OAuthProvider,
  token?: string,
  app?: Awaited<ReturnType<typeof oauthApp>>,
) {
  const setup = app ?? (await oauthApp(server, devIdp(), [provider]));
  const { url, state, verifier } = await setup.client.init(provider, token);
  const back = await setup.client.authorize(url);
  const body = { authorization_code: back.code!, state_code: state, code_verifier: verifier };
  return { ...setup, body, state, verifier };
}

/** The tables a refused exchange may touch: none but the short-lived store (the spent state). */
const IGNORE = { ignore: ['short_lived', 'short_lived_counters', 'rate_limits', 'durable_counters'] };

forEachBackend(
  'OAuth attacks',
  (server) => {
    describe('state', () => {
      it('an unknown state is refused at authenticate, and the callback shows a page instead of redirecting', async () => {
        const { client, body } = await returned(server(), 'github');
        const forged = { ...body, state_code: browserSecrets().state };
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(forged), 401, 'unknown_auth_error', IGNORE);
        const page = await client.callback('GET', { code: 'x', state: browserSecrets().state });
        expect(page.status).toBe(400);
        expect(page.headers.get('location')).toBeNull();
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(await page.text()).toContain('This sign-in link has expired');
      });

      it('an expired state is refused (callback and authenticate)', async () => {
        const { client, body } = await returned(server(), 'github');
        server().clock.advance(OAUTH_LIMIT.stateTtlMs + 1);
        expect((await client.callback('GET', { code: 'x', state: body.state_code })).status).toBe(400);
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 401, 'unknown_auth_error', IGNORE);
      });

      it('a state is spent once: a replayed authenticate is refused', async () => {
        const { client, body } = await returned(server(), 'discord');
        expect((await client.exchangeRaw(body)).status).toBe(200);
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 401, 'unknown_auth_error', IGNORE);
      });

      it('a state code already used cannot be registered again (nobody replaces the record a browser waits on)', async () => {
        const { client } = await oauthApp(server(), devIdp(), ['github']);
        const secrets = browserSecrets();
        const body = {
          provider: 'github',
          redirect_to: RETURN_TO,
          code_challenge: secrets.challenge,
          state_code: secrets.state,
        };
        expect((await client.initRaw(body)).status).toBe(200);
        const again = await client.initRaw({ ...body, code_challenge: browserSecrets().challenge });
        expect(again.status).toBe(400);
        expect((await again.json()).error).toBe('invalid_data');
      });

      it('a state of app A is refused by app B', async () => {
        const a = await returned(server(), 'spotify');
        const b = await oauthApp(server(), devIdp(), ['spotify']);
        await expectRefusedUnchanged(server(), () => b.client.exchangeRaw(a.body), 401, 'unknown_auth_error', IGNORE);
      });

      it('a link state cannot log in, and a login state cannot link', async () => {
        const app = await oauthApp(server(), devIdp(), ['google']);
        const owner = await server().signIn(app.appId, { type: 'email', address: 'owner@example.com' });
        // The owner's link step-up (not spent by these refusals): the state is what refuses them.
        await stepUpForTest(server(), { ...app, token: owner.token! }, 'link');
        const linkFlow = await returned(server(), 'google', owner.token!, app);
        await expectRefusedUnchanged(
          server(),
          () => app.client.exchangeRaw(linkFlow.body),
          401,
          'unknown_auth_error',
          IGNORE,
        );
        const loginFlow = await returned(server(), 'google', undefined, app);
        await expectRefusedUnchanged(
          server(),
          () => app.client.exchangeRaw(loginFlow.body, owner.token!),
          401,
          'unknown_auth_error',
          IGNORE,
        );
      });

      it("a link state is bound to its user: another user's token cannot use it", async () => {
        const app = await oauthApp(server(), devIdp(), ['google']);
        const owner = await server().signIn(app.appId, { type: 'email', address: 'owner2@example.com' });
        const thief = await server().signIn(app.appId, { type: 'email', address: 'thief@example.com' });
        // Both step up (the thief with their own email): the state's binding is what refuses the thief.
        await stepUpForTest(server(), { ...app, token: owner.token! }, 'link');
        await stepUpForTest(server(), { ...app, token: thief.token! }, 'link');
        const flow = await returned(server(), 'google', owner.token!, app);
        await expectRefusedUnchanged(
          server(),
          () => app.client.exchangeRaw(flow.body, thief.token!),
          401,
          'unknown_auth_error',
          IGNORE,
        );
      });
    });

    describe('code and verifier', () => {
      it('a wrong PKCE verifier is refused by our own check (the state is then spent)', async () => {
        const { client, body } = await returned(server(), 'twitter');
        const wrong = { ...body, code_verifier: browserSecrets().verifier };
        const refused = await expectRefusedUnchanged(
          server(),
          () => client.exchangeRaw(wrong),
          401,
          'unknown_auth_error',
          IGNORE,
        );
        expect(refused.message).toBe('The code verifier does not match the code challenge.');
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 401, 'unknown_auth_error', IGNORE);
      });

      it('a replayed authorization code is refused by the provider', async () => {
        const { client, body, verifier } = await returned(server(), 'github');
        expect((await client.exchangeRaw(body)).status).toBe(200);
        // A new state with the same verifier passes our check; the provider refuses the spent code.
        const again = browserSecrets();
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const init = await client.initRaw({
          provider: 'github',
          redirect_to: RETURN_TO,
          code_challenge: challenge,
          state_code: again.state,
        });
        expect(init.status).toBe(200);
        const replay = { ...body, state_code: again.state };
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(replay), 401, 'unknown_auth_error', IGNORE);
      });
    });

    describe('ID token (OIDC providers)', () => {
      for (const provider of ['google', 'apple', 'linkedin'] as const) {
        for (const [label, tamper] of [
          ['another audience', { aud: 'someone-else' }],
          ['another nonce', { nonce: 'not-the-one-we-sent' }],
          ['expired', { expired: true }],
          ['signed by an unknown key', { unknownKey: true }],
          ['another issuer', { iss: 'https://evil.example' }],
        ] as const) {
          it(`${provider}: an ID token with ${label} is refused`, async () => {
            const { client, body } = await returned(server(), provider);
            standIn(devIdp(), provider).tamperNextIdToken(tamper);
            await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 401, 'unknown_auth_error', IGNORE);
          });
        }
      }
    });

    describe('provider answers', () => {
      it('the user pressing Cancel returns oauth_user_denied; other provider errors unknown_auth_error', async () => {
        const { client } = await oauthApp(server(), devIdp(), ['github']);
        const { url, state } = await client.init('github');
        const denied = await client.authorize(url, { cancel: true });
        expect(denied).toMatchObject({ state, provider: 'github', code: null, error: 'oauth_user_denied' });
        const other = await client.init('github');
        const res = await client.callback('GET', { error: 'server_error', state: other.state });
        expect(res.status).toBe(302);
        expect(new URL(res.headers.get('location')!).searchParams.get('latch_oauth_error')).toBe('unknown_auth_error');
      });

      it('a token-endpoint error answer is unknown_auth_error; a user-info failure too', async () => {
        const { client, body } = await returned(server(), 'spotify');
        standIn(devIdp(), 'spotify').failNextToken({ status: 400, error: 'invalid_grant' });
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 401, 'unknown_auth_error', IGNORE);
        const second = await returned(server(), 'discord');
        standIn(devIdp(), 'discord').failNextUserinfo({ status: 401, error: 'invalid_token' });
        await expectRefusedUnchanged(
          server(),
          () => second.client.exchangeRaw(second.body),
          401,
          'unknown_auth_error',
          IGNORE,
        );
      });

      it('HTTP 429 from the provider is too_many_requests', async () => {
        const { client, body } = await returned(server(), 'google');
        standIn(devIdp(), 'google').failNextToken({ status: 429, error: 'rate_limited' });
        await expectRefusedUnchanged(server(), () => client.exchangeRaw(body), 429, 'too_many_requests', IGNORE);
      });

      it('a provider that never answers is cut off after the timeout: unknown_auth_error saying so', async () => {
        const { appId, body } = await returned(server(), 'tiktok');
        standIn(devIdp(), 'tiktok').failNextToken('hang');
        // The service as the server builds it, with a one-second provider timeout (OAUTH_LIMIT's is ten).
        const oauth = new OAuthLogin(server().ctx, { providerTimeoutMs: 1000 });
        const error = await oauth.authenticate(await server().ctx.apps.require(appId), body).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LatchError);
        expect(error).toMatchObject({
          code: 'unknown_auth_error',
          message: 'The tiktok sign-in service did not answer.',
        });
      });

      it('an unreachable token endpoint is unknown_auth_error saying so', async () => {
        const app = await returned(server(), 'github');
        const stored = await server().ctx.loginCredentials.get<{ client_id: string; endpoints: object }>(
          app.appId,
          'github',
        );
        const config = {
          ...stored!.publicConfig,
          endpoints: { ...stored!.publicConfig.endpoints, token: 'http://127.0.0.1:9/token' },
        };
        await server().ctx.loginCredentials.set(app.appId, 'github', config, stored!.secret);
        const refused = await expectRefusedUnchanged(
          server(),
          () => app.client.exchangeRaw(app.body),
          401,
          'unknown_auth_error',
          IGNORE,
        );
        expect(refused.message).toBe('The github sign-in service did not answer.');
      });
    });

    describe('init', () => {
      it('refuses a redirect target outside the allowed origins', async () => {
        const { client } = await oauthApp(server(), devIdp(), ['github']);
        for (const redirect_to of [
          'https://evil.example/cb',
          'https://host.example.evil.example/cb',
          'http://host.example/cb',
          'https://host.example:8443/cb',
          'https://evil.example/?next=https://host.example',
          'javascript:alert(1)',
        ]) {
          const secrets = browserSecrets();
          const body = {
            provider: 'github',
            redirect_to,
            code_challenge: secrets.challenge,
            state_code: secrets.state,
          };
          await expectRefusedUnchanged(server(), () => client.initRaw(body), 403, 'invalid_origin', IGNORE);
        }
      });

      it('throttles inits per app and client IP (each stores a state record)', async () => {
        const { appId } = await oauthApp(server(), devIdp(), ['github']);
        const app = await server().ctx.apps.require(appId);
        // The service as the server builds it, with a limit of 2 (the server's is 60 per 10 minutes).
        const oauth = new OAuthLogin(server().ctx, { initLimit: { points: 2, durationSec: 600 } });
        const init = () => {
          const secrets = browserSecrets();
          const body = {
            provider: 'github' as const,
            redirect_to: RETURN_TO,
            code_challenge: secrets.challenge,
            state_code: secrets.state,
          };
          return oauth.init(app, body, '203.0.113.7');
        };
        await init();
        await init();
        await expect(init()).rejects.toMatchObject({ code: 'too_many_requests' });
        // Another IP is not held back.
        const secrets = browserSecrets();
        const other = {
          provider: 'github' as const,
          redirect_to: RETURN_TO,
          code_challenge: secrets.challenge,
          state_code: secrets.state,
        };
        await expect(oauth.init(app, other, '203.0.113.8')).resolves.toEqual(expect.any(String));
      });

      it('refuses a provider the app has not turned on', async () => {
        const { client } = await oauthApp(server(), devIdp(), ['github']);
        const secrets = browserSecrets();
        const body = {
          provider: 'google',
          redirect_to: RETURN_TO,
          code_challenge: secrets.challenge,
          state_code: secrets.state,
        };
        await expectRefusedUnchanged(server(), () => client.initRaw(body), 403, 'disallowed_login_method', IGNORE);
      });

      it('a link init needs a step-up, however fresh the login', async () => {
        const app = await oauthApp(server(), devIdp(), ['github']);
        const owner = await server().signIn(app.appId, { type: 'email', address: 'fresh@example.com' });
        const secrets = browserSecrets();
        const body = {
          provider: 'github',
          redirect_to: RETURN_TO,
          code_challenge: secrets.challenge,
          state_code: secrets.state,
        };
        await expectRefusedUnchanged(
          server(),
          () => app.client.initRaw(body, owner.token!),
          401,
          'step_up_required',
          IGNORE,
        );
      });
    });

    it('logs no secret: client secrets, codes, tokens, verifiers', async () => {
      const before = logLines.length;
      const app = await returned(server(), 'google');
      const res = await app.client.exchangeRaw(app.body);
      const login = await res.json();
      const failed = await returned(server(), 'github');
      standIn(devIdp(), 'github').failNextToken({ status: 400, error: 'invalid_grant' });
      await failed.client.exchangeRaw(failed.body);
      // The callback URL carries a code in its query: the request log names the route, never the query.
      await server().call('GET', `${OAUTH_API.callback}?code=${failed.body.authorization_code}&state=${failed.state}`);
      const logged = logLines.slice(before).join('');
      expect(logged.length).toBeGreaterThan(0);
      for (const secret of [
        standIn(devIdp(), 'google').clientSecret,
        standIn(devIdp(), 'github').clientSecret,
        app.body.authorization_code,
        app.verifier,
        failed.body.authorization_code,
        failed.verifier,
        login.token,
        login.refresh_token,
      ]) {
        expect(logged).not.toContain(secret);
      }
    });
  },
  { overrides: () => ({ logger: createLogger('trace', logSink) }) },
);

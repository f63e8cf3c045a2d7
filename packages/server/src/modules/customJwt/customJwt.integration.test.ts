import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import type { TokenResponse } from '@latch/protocol';
import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { CustomJwtLogin } from './CustomJwtLogin.js';
import { customApp as customAppOf, expectRefused, uniqueSub } from './testing/customJwtTestApp.js';

// Tokens come from the dev IdP's custom issuer (@latch/dev-idp: RS256 and ES256 keys behind a JWKS URL, and
// the broken tokens a server must refuse); the server fetches its JWKS over loopback HTTP.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [], providers: [] });
});
afterAll(async () => {
  await idp?.close();
});

const customApp = (server: Parameters<typeof customAppOf>[0], config: Record<string, unknown> = {}) =>
  customAppOf(server, idp, config);

forEachBackend('custom token login', (server) => {
  it('logs in the sub of a valid RS256 or ES256 token (a fresh login with a device grant), the same user again', async () => {
    const app = await customApp(server());
    const sub = uniqueSub();
    const res = await app.authenticate(await idp.customIssuer.mint({ sub }));
    expect(res.status).toBe(200);
    const first = (await res.json()) as TokenResponse;
    expect(first).toMatchObject({ is_new_user: true, session_update_action: 'set' });
    expect(first.device_grant).toEqual(expect.any(String));
    expect(first.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'custom_auth', custom_user_id: sub }),
    );
    const again = (await (
      await app.authenticate(await idp.customIssuer.mint({ sub }, { alg: 'ES256' }))
    ).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: false });
    expect(again.user.id).toBe(first.user.id);
  });

  it('verifies with the app’s public_key_pem when it has no JWKS URL', async () => {
    const app = await customApp(server(), {
      jwks_url: null,
      public_key_pem: idp.customIssuer.publicKeyPem.ES256,
      algorithms: ['ES256'],
    });
    expect((await app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() }, { alg: 'ES256' }))).status).toBe(
      200,
    );
    // The RS256 key is not the app's.
    await expectRefused(
      server(),
      async () => app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() })),
      401,
      'invalid_custom_token',
      /algorithm/,
    );
  });

  it('refuses expired, not-yet-valid, wrong-issuer and wrong-audience tokens, changing nothing', async () => {
    const app = await customApp(server());
    const cases: Array<[Parameters<DevIdp['customIssuer']['mint']>[1], RegExp]> = [
      [{ expired: true }, /expired/],
      [{ notYetValid: true }, /not valid yet/],
      [{ wrongIssuer: true }, /another issuer/],
      [{ wrongAudience: true }, /another audience/],
    ];
    for (const [options, message] of cases) {
      const token = await idp.customIssuer.mint({ sub: uniqueSub() }, options);
      await expectRefused(server(), () => app.authenticate(token), 401, 'invalid_custom_token', message);
    }
  });

  it('refuses a token signed by an unknown key (own kid or a known kid), alg none, and HS256 keyed with the public key', async () => {
    const app = await customApp(server());
    const cases: Array<[Parameters<DevIdp['customIssuer']['mint']>[1], RegExp]> = [
      [{ unknownKey: true }, /names no key/],
      [{ unknownKeySameKid: true }, /signature does not verify/],
      [{ unknownKey: true, alg: 'ES256' }, /names no key/],
      [{ algNone: true }, /algorithm the app does not accept/],
      // The key-confusion attack: an HMAC "signature" whose secret is the issuer's public key.
      [{ hs256WithPublicKey: true }, /algorithm the app does not accept/],
    ];
    for (const [options, message] of cases) {
      const token = await idp.customIssuer.mint({ sub: uniqueSub() }, options);
      await expectRefused(server(), () => app.authenticate(token), 401, 'invalid_custom_token', message);
    }
  });

  it('refuses an algorithm the app did not pin, even one its issuer uses', async () => {
    const app = await customApp(server(), { algorithms: ['RS256'] });
    const es256 = await idp.customIssuer.mint({ sub: uniqueSub() }, { alg: 'ES256' });
    await expectRefused(server(), () => app.authenticate(es256), 401, 'invalid_custom_token', /algorithm/);
  });

  it('refuses a token without sub or exp, or with a sub that is not a string of at most 256 characters without control characters', async () => {
    const app = await customApp(server());
    await expectRefused(
      server(),
      async () => app.authenticate(await idp.customIssuer.mint({})),
      401,
      'invalid_custom_token',
      /"sub"/,
    );
    await expectRefused(
      server(),
      async () => app.authenticate(await idp.customIssuer.mint({ sub: 'x'.repeat(257) })),
      401,
      'invalid_custom_token',
      /"sub"/,
    );
    // A sub the databases cannot store (a NUL, a lone surrogate) was a 500 on both backends; a control character is no id.
    for (const sub of ['host\u0000user', 'host\ud800user', 'host\nuser']) {
      await expectRefused(
        server(),
        async () => app.authenticate(await idp.customIssuer.mint({ sub })),
        401,
        'invalid_custom_token',
        /"sub"/,
      );
    }
    await expectRefused(
      server(),
      async () => app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub(), exp: undefined })),
      401,
      'invalid_custom_token',
      /"exp"/,
    );
  });

  it('refuses malformed tokens: invalid_data when not a compact JWT, invalid_custom_token when it only looks like one', async () => {
    const app = await customApp(server());
    for (const token of ['', 'not a jwt', 'a.b', `${'a'.repeat(20_000)}.b.c`]) {
      await expectRefused(server(), () => app.authenticate(token), 400, 'invalid_data');
    }
    for (const token of ['a.b.c', 'eyJhbGciOiJSUzI1NiJ9.e30.', 'eyJ9.eyJ9.eyJ9']) {
      await expectRefused(server(), () => app.authenticate(token), 401, 'invalid_custom_token');
    }
  });

  it('refuses with disallowed_login_method when the app has no custom_auth_config', async () => {
    const { appId, clientId } = await server().createApp({ config: { email_auth: true } });
    const token = await idp.customIssuer.mint({ sub: uniqueSub() });
    await expectRefused(
      server(),
      () =>
        server().call('POST', CUSTOM_JWT_API.authenticate, {
          body: { token },
          headers: widgetHeaders(appId, clientId),
        }),
      403,
      'disallowed_login_method',
    );
  });

  it('throttles per app and client IP', async () => {
    const app = await customApp(server());
    server().ctx.customJwt = new CustomJwtLogin(server().ctx, { points: 2, durationSec: 600 });
    try {
      expect((await app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() }))).status).toBe(200);
      expect((await app.authenticate(await idp.customIssuer.mint({ sub: 'a' }, { expired: true }))).status).toBe(401);
      const res = await app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() }));
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: 'too_many_requests' });
      const other = await customApp(server());
      expect((await other.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() }))).status).toBe(200);
    } finally {
      server().ctx.customJwt = new CustomJwtLogin(server().ctx);
    }
  });

  it('refuses a config with an HMAC algorithm or a PEM that does not fit, when it is set (create or update), changing nothing', async () => {
    const config = (custom: Record<string, unknown>) => ({
      email_auth: true,
      custom_auth_config: {
        issuer: idp.customIssuer.issuer,
        audience: idp.customIssuer.audience,
        algorithms: ['RS256'],
        ...custom,
      },
    });
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(
      await refusal(
        server().createApp({ config: config({ algorithms: ['HS256'], jwks_url: idp.customIssuer.jwksUrl }) }),
      ),
    ).toMatch(/^custom_auth_config\.algorithms: "HS256" is not accepted/);
    const { appId } = await customApp(server());
    const before = await server().ctx.apps.require(appId);
    const ecKeyForRs256 = config({ jwks_url: null, public_key_pem: idp.customIssuer.publicKeyPem.ES256 });
    expect(await refusal(server().ctx.apps.update(appId, { config: ecKeyForRs256 }))).toMatch(
      /^custom_auth_config\.public_key_pem: .* RS256/,
    );
    expect((await server().ctx.apps.require(appId)).config.custom_auth_config).toEqual(
      before.config.custom_auth_config,
    );
  });

  it('refuses a token of another app’s issuer: each app trusts its own issuer only', async () => {
    const app = await customApp(server(), { issuer: 'https://other-issuer.example' });
    await expectRefused(
      server(),
      async () => app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub() })),
      401,
      'invalid_custom_token',
      /another issuer/,
    );
  });
});

import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEveryBackend } from '../../test/harness.js';
import { MAX_CUSTOM_TOKEN_LIFETIME_SEC } from './customTokenClaims.js';
import { customApp, expectRefused, uniqueSub } from './testing/customJwtTestApp.js';

// Issue #24 reproduction 4: a custom token replayed until its exp, and one app accepting another app's tokens.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [], providers: [] });
});
afterAll(async () => {
  await idp?.close();
});

// A store contract (a token's id spent once under concurrent uses), so on every backend.
forEveryBackend('custom tokens are single-use and scoped', (server) => {
  it('refuses a replay of a token that already logged in, changing nothing', async () => {
    const app = await customApp(server(), idp);
    const token = await idp.customIssuer.mint({ sub: uniqueSub() });
    expect((await app.authenticate(token)).status).toBe(200);
    await expectRefused(server(), () => app.authenticate(token), 401, 'invalid_custom_token', /already been used/);
  });

  it('lets exactly one of two concurrent uses of a token log in', async () => {
    const app = await customApp(server(), idp);
    const token = await idp.customIssuer.mint({ sub: uniqueSub() });
    const statuses = (await Promise.all([app.authenticate(token), app.authenticate(token)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('does not let a token that failed verification spend the id of a real one', async () => {
    const app = await customApp(server(), idp);
    const jti = `shared-${uniqueSub()}`;
    const forged = await idp.customIssuer.mint({ sub: uniqueSub(), jti }, { unknownKeySameKid: true });
    expect((await app.authenticate(forged)).status).toBe(401);
    expect((await app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub(), jti }))).status).toBe(200);
  });

  it('refuses a token without jti, iat or aud', async () => {
    const app = await customApp(server(), idp);
    for (const claim of ['jti', 'iat', 'aud']) {
      await expectRefused(
        server(),
        async () => app.authenticate(await idp.customIssuer.mint({ sub: uniqueSub(), [claim]: undefined })),
        401,
        'invalid_custom_token',
        new RegExp(`"${claim}"`),
      );
    }
  });

  it(`refuses a token living longer than ${MAX_CUSTOM_TOKEN_LIFETIME_SEC} s (exp − iat), accepts one at the cap`, async () => {
    const app = await customApp(server(), idp);
    const long = await idp.customIssuer.mint({ sub: uniqueSub() }, { expiresInSec: MAX_CUSTOM_TOKEN_LIFETIME_SEC + 1 });
    await expectRefused(server(), () => app.authenticate(long), 401, 'invalid_custom_token', /lives too long/);
    const atCap = await idp.customIssuer.mint({ sub: uniqueSub() }, { expiresInSec: MAX_CUSTOM_TOKEN_LIFETIME_SEC });
    expect((await app.authenticate(atCap)).status).toBe(200);
  });

  it('refuses another app’s token: the same issuer, another audience', async () => {
    const shop = await customApp(server(), idp);
    const forum = await customApp(server(), idp, { audience: 'forum-app' });
    const forShop = await idp.customIssuer.mint({ sub: uniqueSub() });
    await expectRefused(server(), () => forum.authenticate(forShop), 401, 'invalid_custom_token', /another audience/);
    const forForum = await idp.customIssuer.mint({ sub: uniqueSub(), aud: 'forum-app' });
    expect((await forum.authenticate(forForum)).status).toBe(200);
    await expectRefused(server(), () => shop.authenticate(forForum), 401, 'invalid_custom_token', /another audience/);
  });

  it('refuses a config without an audience when it is set, and a stored one at login', async () => {
    await expect(customApp(server(), idp, { audience: null })).rejects.toThrow(
      /custom_auth_config\.audience: is required/,
    );
    const app = await customApp(server(), idp);
    const record = await server().ctx.apps.require(app.appId);
    const legacy = { ...record.config, custom_auth_config: { ...record.config.custom_auth_config!, audience: null } };
    // A config stored before the audience was required, written around the check.
    await server()
      .db.updateTable('apps')
      .set({ config: JSON.stringify(legacy) as never })
      .where('id', '=', app.appId)
      .execute();
    expect(
      (await server().ctx.apps.require(app.appId, { fresh: true })).config.custom_auth_config?.audience,
    ).toBeNull();
    const token = await idp.customIssuer.mint({ sub: uniqueSub() });
    await expectRefused(server(), () => app.authenticate(token), 401, 'invalid_custom_token', /no audience/);
  });
});

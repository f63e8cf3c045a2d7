import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import type { TokenResponse } from '@latch/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { customApp, expectRefused, uniqueSub } from './testing/customJwtTestApp.js';

// Issue #32: under an allowlist, a new custom-token user is admitted by the token's email only when the token
// also says `email_verified: true` (the host's backend vouches for it: docs/telegram-and-custom-token.md).

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [], providers: [] });
});
afterAll(async () => {
  await idp?.close();
});

forEachBackend('custom token sign-up under an allowlist', (server, backend) => {
  /** An app trusting the dev issuer, with an allowlist naming `invited`. */
  async function allowlistedApp(invited: string) {
    const app = await customApp(server(), idp);
    await server().ctx.apps.update(app.appId, { allowlist: [invited] });
    return app;
  }

  it('a listed email the token says is verified signs up, then logs in again (any case)', async () => {
    const email = `invited.${backend}@example.com`;
    const app = await allowlistedApp(email);
    const sub = uniqueSub();
    const claims = { sub, email: email.toUpperCase(), email_verified: true };
    const res = await app.authenticate(await idp.customIssuer.mint(claims));
    expect(res.status, await res.clone().text()).toBe(200);
    const first = (await res.json()) as TokenResponse;
    expect(first.is_new_user).toBe(true);
    const again = (await (await app.authenticate(await idp.customIssuer.mint(claims))).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: false, user: { id: first.user.id } });
  });

  it('refuses, making nothing: no email, an unverified one (false, "true", absent), one off the list', async () => {
    const email = `listed.${backend}@example.com`;
    const app = await allowlistedApp(email);
    for (const claims of [
      {},
      { email, email_verified: false },
      { email, email_verified: 'true' },
      { email },
      { email: `stranger.${backend}@example.com`, email_verified: true },
    ]) {
      const token = await idp.customIssuer.mint({ sub: uniqueSub(), ...claims });
      await expectRefused(server(), () => app.authenticate(token), 403, 'allowlist_rejected');
    }
  });
});

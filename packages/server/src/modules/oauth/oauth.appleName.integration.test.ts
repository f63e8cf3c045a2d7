import type { TokenResponse, WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { oauthApp } from './testing/oauthTestClient.js';
import { sharedDevIdp } from './testing/sharedDevIdp.js';

// Issue #24: Apple posts the user's name to the callback only on the first authorization; anyone who knows the
// state can post the callback again (or replay Apple's post) — the first name must stay.

const devIdp = sharedDevIdp();

const appleName = (body: TokenResponse) =>
  (body.user as WireUser).linked_accounts.find((a) => a.type === 'apple_oauth') as unknown as { name: string | null };

forEachBackend("Apple's posted name", (server) => {
  it('a second POST to the callback with another name does not replace the first one', async () => {
    const { client } = await oauthApp(server(), devIdp(), ['apple']);
    const { url, state, verifier } = await client.init('apple');
    // Apple's own form_post, with the name of the first authorization: the stand-in posts it once per Apple
    // account, so each backend's run signs in a new one.
    const email = `grace-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const back = await client.authorize(url, { name: 'Grace Hopper', email });
    const forged = JSON.stringify({ name: { firstName: 'Mallory', lastName: 'Admin' } });
    const again = await client.callback('POST', { state, code: back.code!, user: forged });
    expect(again.status).toBe(302);
    const res = await client.exchangeRaw({
      authorization_code: back.code!,
      state_code: state,
      code_verifier: verifier,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(appleName((await res.json()) as TokenResponse).name).toBe('Grace Hopper');
  });

  it('of concurrent posts with different names exactly one name is kept, and a replay keeps it', async () => {
    const { client } = await oauthApp(server(), devIdp(), ['apple']);
    // An Apple account whose first authorization (the one that carries a name) is already behind it.
    const email = `ada-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await client.authorize((await client.init('apple')).url, { email });
    const { url, state, verifier } = await client.init('apple');
    const back = await client.authorize(url, { email });
    const post = (firstName: string) =>
      client.callback('POST', {
        state,
        code: back.code!,
        user: JSON.stringify({ name: { firstName, lastName: 'X' } }),
      });
    await Promise.all([post('Ada'), post('Eve')]);
    await post('Mallory');
    const res = await client.exchangeRaw({
      authorization_code: back.code!,
      state_code: state,
      code_verifier: verifier,
    });
    expect(['Ada X', 'Eve X']).toContain(appleName((await res.json()) as TokenResponse).name);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { IDENTITY_API, type TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { HAND_OFF_TTL_MS } from '../sessions/sessionHandOff.js';

/** A PKCE pair as the starting tab makes it: the verifier it keeps, the challenge it sends. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

// The session hand-off (issue #34): a one-time code in the URL, redeemed once with the starting tab's verifier.
// A store contract (the short-lived store takes the code once), so on every backend.
forEveryBackend('session hand-off codes', (server) => {
  const setup = async (email: string) => {
    const { appId, clientId } = await server().createApp({ config: { email_auth: true } });
    const session = await server().signIn(appId, { type: 'email', address: email });
    const headers = (token?: string) => widgetHeaders(appId, clientId, token);
    const post = (path: string, body: unknown, h = headers()) => server().call('POST', path, { headers: h, body });
    const me = (token: string) => server().call('GET', IDENTITY_API.me, { headers: headers(token) });
    /** Asks the fork route for a hand-off of `refreshToken`'s session. */
    const startHandOff = async (refreshToken = session.refresh_token!) => {
      const keys = pkce();
      const res = await post(IDENTITY_API.fork, { refresh_token: refreshToken, hand_off_challenge: keys.challenge });
      expect(res.status).toBe(200);
      const body = (await res.json()) as TokenResponse;
      return { ...keys, code: body.hand_off_code!, body };
    };
    const redeem = (code: string, verifier: string | undefined, h = headers()) =>
      post(IDENTITY_API.sessions, { hand_off_code: code, code_verifier: verifier }, h);
    return { appId, clientId, session, headers, post, me, startHandOff, redeem };
  };
  const refusedAsHandOff = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_hand_off');
  };

  it('a fork asked for a hand-off answers a one-time code, not a refresh token; redeeming it starts the fork', async () => {
    const { session, me, startHandOff, redeem } = await setup(uniqueEmail('hand-off'));
    const { code, verifier, body } = await startHandOff();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.hand_off_expires_in).toBe(HAND_OFF_TTL_MS / 1000);
    expect(body.new_session_refresh_token).toBeUndefined();
    const res = await redeem(code, verifier);
    expect(res.status).toBe(200);
    const forked = (await res.json()) as TokenResponse;
    expect(forked.user.id).toBe(session.user.id);
    expect(forked.session_update_action).toBe('set');
    expect(forked.refresh_token).not.toBe(body.refresh_token);
    expect((await me(forked.token!)).status).toBe(200);
    // The caller's own session rotated, as a fork does, and still works.
    expect((await me(body.token!)).status).toBe(200);
  });

  it('refuses a replay of a redeemed code', async () => {
    const { startHandOff, redeem } = await setup(uniqueEmail('hand-off-replay'));
    const { code, verifier } = await startHandOff();
    expect((await redeem(code, verifier)).status).toBe(200);
    await refusedAsHandOff(await redeem(code, verifier));
  });

  it('refuses an expired code', async () => {
    const { startHandOff, redeem } = await setup(uniqueEmail('hand-off-expired'));
    const { code, verifier } = await startHandOff();
    server().clock.advance(HAND_OFF_TTL_MS + 1000);
    await refusedAsHandOff(await redeem(code, verifier));
  });

  it("refuses app A's code at app B (and then at A: the attempt spent it)", async () => {
    const a = await setup(uniqueEmail('hand-off-app-a'));
    const b = await setup(uniqueEmail('hand-off-app-b'));
    const { code, verifier } = await a.startHandOff();
    await refusedAsHandOff(await a.redeem(code, verifier, b.headers()));
    await refusedAsHandOff(await a.redeem(code, verifier));
  });

  it("refuses a code stolen from the URL without its tab's verifier, or with another one; the try spends it", async () => {
    const { startHandOff, redeem } = await setup(uniqueEmail('hand-off-stolen'));
    const first = await startHandOff();
    await refusedAsHandOff(await redeem(first.code, undefined));
    const second = await startHandOff(first.body.refresh_token!);
    await refusedAsHandOff(await redeem(second.code, pkce().verifier));
    // The thief's try spent it: the tab's own redemption fails too (fail closed; the tab starts again).
    await refusedAsHandOff(await redeem(second.code, second.verifier));
  });

  it('the code is no refresh token, no fork grant and no access token', async () => {
    const { post, me, startHandOff, redeem } = await setup(uniqueEmail('hand-off-not-token'));
    const { code, verifier } = await startHandOff();
    expect((await post(IDENTITY_API.sessions, { refresh_token: code })).status).toBe(401);
    expect((await post(IDENTITY_API.fork, { refresh_token: code })).status).toBe(401);
    expect((await me(code)).status).toBe(401);
    // None of those spent it.
    expect((await redeem(code, verifier)).status).toBe(200);
  });

  it('refuses a code whose session logged out before it was redeemed', async () => {
    const { post, startHandOff, redeem } = await setup(uniqueEmail('hand-off-logout'));
    const { code, verifier, body } = await startHandOff();
    await post(IDENTITY_API.logout, { refresh_token: body.refresh_token });
    await refusedAsHandOff(await redeem(code, verifier));
  });

  it('refuses a body with both a refresh token and a hand-off code, and a malformed verifier', async () => {
    const { session, post, startHandOff } = await setup(uniqueEmail('hand-off-bad-body'));
    const { code, verifier } = await startHandOff();
    const both = { refresh_token: session.refresh_token, hand_off_code: code, code_verifier: verifier };
    expect((await post(IDENTITY_API.sessions, both)).status).toBe(400);
    expect((await post(IDENTITY_API.sessions, { hand_off_code: code, code_verifier: 'short' })).status).toBe(400);
  });
  // Cookie mode refuses a hand-off from its cookie (issue #34): cookieHandOff.integration.test.ts.
});

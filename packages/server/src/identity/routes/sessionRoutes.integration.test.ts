import { IDENTITY_API } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { REFRESH_GRACE_MS } from '../sessions/refreshTokens.js';
import { purgeExpiredSessions, revokeByRefreshToken } from '../sessions/sessions.js';

// A store contract (refresh rotation, racing refreshes on a real connection pool), so on every backend.
forEveryBackend('sessions: refresh, reuse detection, fork, logout', (server) => {
  const setup = async (email: string) => {
    const { appId, clientId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: email });
    const headers = (token?: string) => widgetHeaders(appId, clientId, token);
    const me = (token: string) => server().call('GET', IDENTITY_API.me, { headers: headers(token) });
    const refresh = (refreshToken?: string, token?: string) =>
      server().call('POST', IDENTITY_API.sessions, {
        headers: headers(token),
        body: refreshToken ? { refresh_token: refreshToken } : {},
      });
    return { appId, clientId, session, headers, me, refresh };
  };

  it('rotates the refresh token on every use and returns a token response with action set', async () => {
    const { session, refresh, me } = await setup('rotate@example.com');
    const res = await refresh(session.refresh_token!, session.token!);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ session_update_action: 'set', is_new_user: false });
    expect(body.refresh_token).not.toBe(session.refresh_token);
    expect(body.user.linked_accounts[0]).toMatchObject({ type: 'email', address: 'rotate@example.com' });
    expect((await me(body.token)).status).toBe(200);
    const next = await refresh(body.refresh_token);
    expect(next.status).toBe(200);
  });

  it('revokes the whole session when a used refresh token comes back after the grace window (replay)', async () => {
    const { session, refresh, me } = await setup('replay@example.com');
    const first = await (await refresh(session.refresh_token!)).json();
    server().clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await refresh(session.refresh_token!);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    // The thief's replay killed the family: the legitimate newer tokens are dead too.
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await me(first.token)).status).toBe(401);
    expect((await me(session.token!)).status).toBe(401);
  });

  it('spends a token once when two refreshes race: both get the same successor (two tabs)', async () => {
    const { session, refresh, me } = await setup('race@example.com');
    const results = await Promise.all([refresh(session.refresh_token!), refresh(session.refresh_token!)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(results.map((r) => r.json()));
    expect(a.refresh_token).toBe(b.refresh_token);
    expect((await me(a.token)).status).toBe(200);
    expect((await me(b.token)).status).toBe(200);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  it('refuses a missing, unknown or malformed refresh token with missing_or_invalid_token / invalid_data', async () => {
    const { refresh, headers } = await setup('missing@example.com');
    const none = await refresh();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    expect((await refresh('not-a-real-token')).status).toBe(401);
    const bad = await server().call('POST', IDENTITY_API.sessions, { headers: headers(), body: { refresh_token: 42 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_data' });
  });

  it('refuses a refresh token of another app', async () => {
    const { session, refresh } = await setup('other-app@example.com');
    const other = await server().createApp();
    const res = await server().call('POST', IDENTITY_API.sessions, {
      headers: widgetHeaders(other.appId, other.clientId),
      body: { refresh_token: session.refresh_token },
    });
    expect(res.status).toBe(401);
    // Refused without being spent: the right app can still use it.
    expect((await refresh(session.refresh_token!)).status).toBe(200);
  });

  it('refuses an oversized body with 413 invalid_data', async () => {
    const { headers } = await setup('big@example.com');
    const res = await server().call('POST', IDENTITY_API.sessions, {
      headers: headers(),
      body: { refresh_token: 'x'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'invalid_data' });
  });

  it('expires refresh tokens after 30 days unused', async () => {
    const { session, refresh } = await setup('stale@example.com');
    server().clock.advance(31 * 24 * 3600 * 1000);
    expect((await refresh(session.refresh_token!)).status).toBe(401);
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const { session, headers, me, refresh } = await setup('logout@example.com');
    const res = await server().call('POST', IDENTITY_API.logout, {
      headers: headers(session.token!),
      body: { refresh_token: session.refresh_token },
    });
    expect(res.status).toBe(200);
    expect((await me(session.token!)).status).toBe(401);
    expect((await refresh(session.refresh_token!)).status).toBe(401);
    // Logging out again (or with nothing) still succeeds: the client always clears its state.
    expect((await server().call('POST', IDENTITY_API.logout, { headers: headers(), body: {} })).status).toBe(200);
  });

  it('logout with only the bearer token revokes that session', async () => {
    const { session, headers, me } = await setup('logout-bearer@example.com');
    await server().call('POST', IDENTITY_API.logout, { headers: headers(session.token!) });
    expect((await me(session.token!)).status).toBe(401);
  });

  it('fork rotates the session and starts an independent one', async () => {
    const { session, headers, refresh, me } = await setup('fork@example.com');
    const res = await server().call('POST', IDENTITY_API.fork, {
      headers: headers(),
      body: { refresh_token: session.refresh_token },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(typeof body.new_session_refresh_token).toBe('string');
    const forked = await (await refresh(body.new_session_refresh_token)).json();
    expect(forked.user.id).toBe(session.user.id);
    // Logging out the original session leaves the fork alive.
    await server().call('POST', IDENTITY_API.logout, {
      headers: headers(),
      body: { refresh_token: body.refresh_token },
    });
    expect((await me(body.token)).status).toBe(401);
    expect((await me(forked.token)).status).toBe(200);
    // No refresh token (cookie mode's may be its cookie, as for a refresh): refused like a refresh without one.
    const missing = await server().call('POST', IDENTITY_API.fork, { headers: headers(), body: {} });
    expect(missing.status).toBe(401);
  });
});

forEveryBackend('sessions: purge', (server) => {
  it('deletes expired refresh tokens and dead sessions, keeping live ones', async () => {
    const { appId } = await server().createApp();
    const old = await server().signIn(appId, { type: 'email', address: 'old@example.com' });
    const loggedOut = await server().signIn(appId, { type: 'email', address: 'out@example.com' });
    await revokeByRefreshToken(server().ctx, loggedOut.refresh_token!);
    server().clock.advance(31 * 24 * 3600 * 1000);
    const fresh = await server().signIn(appId, { type: 'email', address: 'fresh@example.com' });
    const before = await server().tableCounts();
    expect(await purgeExpiredSessions(server().ctx)).toBe(2);
    const after = await server().tableCounts();
    expect(after.sessions).toBe(before.sessions! - 2);
    expect(after.refresh_tokens).toBe(before.refresh_tokens! - 2);
    const refreshed = await server().call('POST', IDENTITY_API.sessions, {
      body: { refresh_token: fresh.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await server().call('POST', IDENTITY_API.sessions, { body: { refresh_token: old.refresh_token } })).status,
    ).toBe(401);
  });
});

import { IDENTITY_API, type TokenResponse } from '@latch/protocol';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import type { AppInput } from '../apps/appInput.js';
import { REFRESH_GRACE_MS } from '../sessions/refreshTokens.js';
import { purgeExpiredSessions } from '../sessions/sessions.js';

const DAY_MS = 24 * 3600 * 1000;

// A store contract (session families, refresh rotation), so on every backend (harness.ts BackendChoice).
forEveryBackend('sessions: families, absolute lifetime, grace window', (server) => {
  const setup = async (email: string, app: AppInput = {}) => {
    const { appId, clientId } = await server().createApp(app);
    const session = await server().signIn(appId, { type: 'email', address: email });
    const headers = (token?: string) => widgetHeaders(appId, clientId, token);
    const me = (token: string) => server().call('GET', IDENTITY_API.me, { headers: headers(token) });
    const refresh = (refreshToken: string) =>
      server().call('POST', IDENTITY_API.sessions, { headers: headers(), body: { refresh_token: refreshToken } });
    const fork = async (refreshToken: string) => {
      const res = await server().call('POST', IDENTITY_API.fork, {
        headers: headers(),
        body: { refresh_token: refreshToken },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as TokenResponse & { new_session_refresh_token: string };
    };
    const refreshed = async (refreshToken: string) => {
      const res = await refresh(refreshToken);
      expect(res.status).toBe(200);
      return (await res.json()) as TokenResponse;
    };
    return { appId, session, me, refresh, refreshed, fork };
  };
  const pastGrace = () => server().clock.advance(REFRESH_GRACE_MS + 1000);

  it("reuse of the parent's spent token revokes its forks too (a stolen token cannot fork its way out)", async () => {
    const { session, me, refresh, refreshed, fork } = await setup('fork-family@example.com');
    const forked = await fork(session.refresh_token!);
    const child = await refreshed(forked.new_session_refresh_token);
    expect((await me(child.token!)).status).toBe(200);
    pastGrace();
    // The original token comes back: theft. The whole family goes, the fork included.
    expect((await refresh(session.refresh_token!)).status).toBe(401);
    expect((await me(child.token!)).status).toBe(401);
    expect((await refresh(child.refresh_token!)).status).toBe(401);
    expect((await refresh(forked.refresh_token!)).status).toBe(401);
  });

  it("reuse of a fork's spent token revokes the parent, and a fork of a fork joins the same family", async () => {
    const { session, me, refresh, refreshed, fork } = await setup('fork-reuse@example.com');
    const forked = await fork(session.refresh_token!);
    const grandchild = await fork(forked.new_session_refresh_token);
    const parent = await refreshed(forked.refresh_token!);
    pastGrace();
    expect((await refresh(forked.new_session_refresh_token)).status).toBe(401);
    expect((await me(parent.token!)).status).toBe(401);
    expect((await refresh(parent.refresh_token!)).status).toBe(401);
    expect((await refresh(grandchild.new_session_refresh_token)).status).toBe(401);
  });

  it('ends a family 90 days after its login by default, however often it is refreshed', async () => {
    const { session, refresh, refreshed } = await setup('lifetime@example.com');
    let token = session.refresh_token!;
    for (let day = 20; day <= 80; day += 20) {
      server().clock.advance(20 * DAY_MS);
      token = (await refreshed(token)).refresh_token!;
    }
    server().clock.advance(11 * DAY_MS);
    expect((await refresh(token)).status).toBe(401);
  });

  it("honours the app's session_lifetime_seconds; no access token and no fork outlives the family", async () => {
    const { session, refresh, refreshed, fork } = await setup('short@example.com', {
      sessionLifetimeSeconds: 24 * 3600,
    });
    const familyEnd = decodeJwt(session.token!).iat! + 24 * 3600;
    server().clock.advance(23.5 * 3600 * 1000);
    const late = await fork(session.refresh_token!);
    expect(decodeJwt(late.token!).exp).toBe(familyEnd);
    const child = await refreshed(late.new_session_refresh_token);
    expect(decodeJwt(child.token!).exp).toBe(familyEnd);
    server().clock.advance(3600 * 1000);
    // The fork started half an hour before the end: it ends with its family, not a day after its own start.
    expect((await refresh(child.refresh_token!)).status).toBe(401);
    expect((await refresh(late.refresh_token!)).status).toBe(401);
  });

  it('refuses a session lifetime outside 1 day to 5 years', async () => {
    await expect(server().ctx.apps.create({ sessionLifetimeSeconds: 3600 })).rejects.toMatchObject({
      code: 'invalid_data',
    });
    const { appId } = await server().createApp();
    await expect(
      server().ctx.apps.update(appId, { sessionLifetimeSeconds: 10 * 365 * 24 * 3600 }),
    ).rejects.toMatchObject({ code: 'invalid_data' });
    const updated = await server().ctx.apps.update(appId, { sessionLifetimeSeconds: 7 * 24 * 3600 });
    expect(updated.sessionLifetimeSeconds).toBe(7 * 24 * 3600);
    expect((await server().ctx.apps.require(appId, { fresh: true })).sessionLifetimeSeconds).toBe(7 * 24 * 3600);
  });

  it('answers a retry of the just-rotated token within the grace window with the same successor', async () => {
    const { session, me, refreshed } = await setup('grace@example.com');
    const first = await refreshed(session.refresh_token!);
    server().clock.advance(REFRESH_GRACE_MS - 5000);
    const retry = await refreshed(session.refresh_token!);
    expect(retry.refresh_token).toBe(first.refresh_token);
    expect(decodeJwt(retry.token!).sid).toBe(decodeJwt(first.token!).sid);
    expect((await me(retry.token!)).status).toBe(200);
    expect((await me(first.token!)).status).toBe(200);
    // The session goes on from the shared successor.
    const next = await refreshed(first.refresh_token!);
    expect((await me(next.token!)).status).toBe(200);
  });

  it('grants no grace to a logged-out session or to a token spent before the window', async () => {
    const { session, refresh, refreshed } = await setup('no-grace@example.com');
    const first = await refreshed(session.refresh_token!);
    await server().call('POST', IDENTITY_API.logout, { body: { refresh_token: first.refresh_token } });
    expect((await refresh(session.refresh_token!)).status).toBe(401);

    const other = await setup('late-retry@example.com');
    const spent = await other.refreshed(other.session.refresh_token!);
    pastGrace();
    expect((await other.refresh(other.session.refresh_token!)).status).toBe(401);
    expect((await other.me(spent.token!)).status).toBe(401);
  });

  it('RT-03: inside the grace window a token two generations old is reuse and revokes the family', async () => {
    const { session, me, refresh, refreshed } = await setup('two-generations@example.com');
    const first = await refreshed(session.refresh_token!);
    const second = await refreshed(first.refresh_token!);
    server().clock.advance(5000);
    // The original token is the predecessor of a spent token, not of the live one: no grace.
    expect((await refresh(session.refresh_token!)).status).toBe(401);
    expect((await me(second.token!)).status).toBe(401);
    expect((await refresh(second.refresh_token!)).status).toBe(401);
  });

  it('the purge forgets sealed successors once their grace window is over', async () => {
    const { session, refreshed } = await setup('purge-sealed@example.com');
    await refreshed(session.refresh_token!);
    const sealed = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from refresh_tokens where successor_sealed is not null`.execute(
            server().db,
          )
        ).rows[0]!.n,
      );
    expect(await sealed()).toBeGreaterThan(0);
    pastGrace();
    await purgeExpiredSessions(server().ctx);
    expect(await sealed()).toBe(0);
  });
});

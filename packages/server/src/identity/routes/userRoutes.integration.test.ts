import { ANALYTICS_API, IDENTITY_API } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';

forEachBackend('users/me, accept_terms and analytics', (server) => {
  it('GET /users/me returns the signed-in user with verification timestamps', async () => {
    const { appId, clientId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: 'Me@Example.com' });
    const res = await server().call('GET', IDENTITY_API.me, {
      headers: widgetHeaders(appId, clientId, session.token!),
    });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user.id).toBe(session.user.id);
    expect(user.has_accepted_terms).toBe(false);
    const [account] = user.linked_accounts;
    expect(account).toMatchObject({ type: 'email', address: 'me@example.com' });
    expect(account.verified_at).toBe(Math.floor(server().clock.now().getTime() / 1000));
    expect(account.first_verified_at).toBe(account.verified_at);
    expect(account.latest_verified_at).toBe(account.verified_at);
  });

  it('a second login keeps first_verified_at and moves latest_verified_at', async () => {
    const { appId } = await server().createApp();
    const first = await server().signIn(appId, { type: 'email', address: 'again@example.com' });
    server().clock.advance(60_000);
    const second = await server().signIn(appId, { type: 'email', address: 'again@example.com' });
    expect(second.is_new_user).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    const [a] = second.user.linked_accounts;
    expect(a!.latest_verified_at! - a!.first_verified_at!).toBe(60);
  });

  it('accept_terms records acceptance and returns the user', async () => {
    const { appId, clientId } = await server().createApp({ config: { require_users_accept_terms: true } });
    const session = await server().signIn(appId, { type: 'email', address: 'terms@example.com' });
    const res = await server().call('POST', IDENTITY_API.acceptTerms, {
      headers: widgetHeaders(appId, clientId, session.token!),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: session.user.id, has_accepted_terms: true });
    const me = await (
      await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) })
    ).json();
    expect(me.user.has_accepted_terms).toBe(true);
    for (const rawBody of ['[]', '{"extra":1', '"x"']) {
      const bad = await server().call('POST', IDENTITY_API.acceptTerms, {
        headers: { ...widgetHeaders(appId, clientId, session.token!), 'content-type': 'application/json' },
        rawBody,
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe('invalid_data');
    }
  });

  it('user endpoints need a valid bearer token', async () => {
    const { appId, clientId } = await server().createApp();
    for (const [method, path] of [
      ['GET', IDENTITY_API.me],
      ['POST', IDENTITY_API.acceptTerms],
    ] as const) {
      const res = await server().call(method, path, { headers: widgetHeaders(appId, clientId) });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    }
  });

  it('analytics accepts the SPEC §7 event shape (204) and refuses malformed ones', async () => {
    const { appId, clientId } = await server().createApp();
    const ok = await server().call('POST', ANALYTICS_API.events, {
      headers: widgetHeaders(appId, clientId),
      body: {
        event_name: 'sdk_initialize',
        client_id: clientId,
        payload: { clientTimestamp: new Date().toISOString() },
      },
    });
    expect(ok.status).toBe(204);
    const metrics = await (await server().call('GET', '/metrics')).text();
    expect(metrics).toMatch(/latch_analytics_events_total 1/);
    const bad = await server().call('POST', ANALYTICS_API.events, {
      headers: widgetHeaders(appId, clientId),
      body: { payload: {} },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_data' });
    const noApp = await server().call('POST', ANALYTICS_API.events, { body: { event_name: 'x' } });
    expect(noApp.status).toBe(400);
    expect(await noApp.json()).toMatchObject({ error: 'invalid_app_id' });
  });
});

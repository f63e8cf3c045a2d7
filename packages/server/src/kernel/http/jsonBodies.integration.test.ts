import { DEV_API, IDENTITY_API, PASSWORDLESS_API } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../../modules/passwordless/testing/databaseFingerprint.js';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { isJsonContentType } from './parseBody.js';

// CSRF-03 (issue #24): a form or a text/plain fetch is a "simple" cross-site request, sent without a preflight.

describe('isJsonContentType', () => {
  it('accepts application/json and +json types, with parameters, and nothing else', () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json']) {
      expect(isJsonContentType(type), type).toBe(true);
    }
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '', 'json']) {
      expect(isJsonContentType(type), type).toBe(false);
    }
  });
});

forEachBackend('JSON endpoints refuse other content types', (server) => {
  const outboxFor = async (email: string) =>
    ((await (await server().call('GET', DEV_API.outbox)).json()) as Array<{ recipient: string }>).filter(
      (m) => m.recipient === email,
    );

  it('refuses a text/plain, form or untyped JSON body with 415 invalid_data, sending and changing nothing', async () => {
    const { appId, clientId } = await server().createApp();
    const email = 'csrf03@example.com';
    const body = JSON.stringify({ email });
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data', null]) {
      const before = await databaseFingerprint(server().db);
      const headers = { ...widgetHeaders(appId, clientId), ...(type ? { 'content-type': type } : {}) };
      const res = await server().call('POST', PASSWORDLESS_API.emailInit, { headers, rawBody: body });
      expect({ type, status: res.status, error: (await res.json()).error }).toEqual({
        type,
        status: 415,
        error: 'invalid_data',
      });
      expect(await databaseFingerprint(server().db)).toEqual(before);
    }
    expect(await outboxFor(email)).toEqual([]);
    const json = await server().call('POST', PASSWORDLESS_API.emailInit, {
      headers: { ...widgetHeaders(appId, clientId), 'content-type': 'application/json; charset=utf-8' },
      rawBody: body,
    });
    expect(json.status).toBe(200);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('refuses a signed-in action posted as text/plain even with an empty body', async () => {
    const { appId, clientId } = await server().createApp({ config: { require_users_accept_terms: true } });
    const session = await server().signIn(appId, { type: 'email', address: 'csrf03-terms@example.com' });
    const headers = widgetHeaders(appId, clientId, session.token!);
    const res = await server().call('POST', IDENTITY_API.acceptTerms, {
      headers: { ...headers, 'content-type': 'text/plain' },
      rawBody: '',
    });
    expect(res.status).toBe(415);
    const me = await (await server().call('GET', IDENTITY_API.me, { headers })).json();
    expect(me.user.has_accepted_terms).toBe(false);
  });
});

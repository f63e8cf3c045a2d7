import type { DevIdp } from '@latch/dev-idp';
import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { expect } from 'vitest';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';
import { databaseFingerprint } from '../../passwordless/testing/databaseFingerprint.js';

/** Tables a refused login may still write: the short-lived store and the counters (throttles, spent token ids). */
const SHORT_LIVED = new Set(['short_lived', 'durable_counters']);
let serial = 0;

/** A `sub` no other test uses. */
export const uniqueSub = (): string => `host-user-${Date.now()}-${serial++}`;

/** An app trusting the dev IdP's custom issuer (its audience, RS256 and ES256, its JWKS), and its login call. */
export async function customApp(server: TestServer, idp: DevIdp, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({
    config: {
      email_auth: true,
      custom_auth_config: {
        issuer: idp.customIssuer.issuer,
        audience: idp.customIssuer.audience,
        algorithms: ['RS256', 'ES256'],
        jwks_url: idp.customIssuer.jwksUrl,
        ...config,
      },
    },
  });
  const authenticate = (token: string) =>
    server.call('POST', CUSTOM_JWT_API.authenticate, { body: { token }, headers: widgetHeaders(appId, clientId) });
  return { appId, clientId, authenticate };
}

/** Sends `request`, expects `status`/`code` (and a message part), and every table but the short-lived store unchanged. */
export async function expectRefused(
  server: TestServer,
  request: () => Promise<Response>,
  status: number,
  code: string,
  message?: string | RegExp,
): Promise<void> {
  const fingerprint = async () =>
    Object.entries(await databaseFingerprint(server.db)).filter(([table]) => !SHORT_LIVED.has(table));
  const before = await fingerprint();
  const res = await request();
  const body = await res.json();
  expect({ status: res.status, error: body.error }).toEqual({ status, error: code });
  if (message) expect(body.message).toMatch(message);
  expect(await fingerprint()).toEqual(before);
}

import { isAppId, LatchError } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { LatchContext } from '../../kernel/http/env.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

const BASIC = /^Basic ([A-Za-z0-9+/]+={0,2})$/;
const MAX_SECRET_LENGTH = 200;

/** The app id and secret of `Authorization: Basic base64(appId:secret)`, or undefined when malformed. */
function basicCredentials(header: string | undefined): { appId: string; secret: string } | undefined {
  const encoded = header?.match(BASIC)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const appId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!isAppId(appId) || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return undefined;
  return { appId, secret };
}

/**
 * Authenticates an admin-API request: `Authorization: Basic base64(appId:appSecret)` checked against the
 * app's stored secret hashes (constant time). A request from a browser (an `Origin` or `Sec-Fetch-Site`
 * header) is refused whatever it carries: 403 `invalid_origin` — the secret is the gate, this is defence
 * in depth against a secret pasted into front-end code. Bad or missing credentials: 401 `invalid_app_secret`;
 * too many failures from one IP for one app: 429 `too_many_requests`. Returns the authenticated app.
 */
export async function authenticateAdmin(c: LatchContext): Promise<AppRecord> {
  if (c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined) {
    throw new LatchError(
      'invalid_origin',
      'The admin API does not answer browsers: call it from your server, with the app secret.',
    );
  }
  const ctx = c.get('ctx');
  const credentials = basicCredentials(c.req.header('authorization'));
  if (!credentials) throw new LatchError('invalid_app_secret');
  await ctx.appSecrets.authenticate(credentials.appId, credentials.secret, clientIp(c));
  return ctx.apps.require(credentials.appId);
}

import { ADMIN_API, LatchError } from '@latch/protocol';
import * as v from 'valibot';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { listSecurityEvents, parseBefore } from '../../identity/securityEvents/listSecurityEvents.js';
import { getUser, toWireUser } from '../../identity/users/userRecords.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { normalisePhoneNumber } from '../passwordless/normalisePhoneNumber.js';
import { authenticateAdmin } from './adminAuth.js';

const USER_ID = /^(?:did:latch:)?([a-z0-9]{25})$/;

/** The 404 of an unknown user. */
export const noUser = () => new LatchError('not_found', 'No user matches.');

const EmailLookup = v.object({ address: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320)) });
const PhoneLookup = v.object({ number: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(32)) });
const WalletLookup = v.object({
  address: v.pipe(v.string(), v.trim(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'not a 0x-prefixed 20-byte address')),
});

/** The user id of the path: the DID (`did:latch:<id>`, as WireUser.id and the token's `sub`) or the bare id. */
export function pathUserId(c: LatchContext): string {
  const match = (c.req.param('userId') ?? '').match(USER_ID);
  if (!match)
    throw new LatchError('invalid_data', 'Invalid user id: expected did:latch:<25 characters> or the bare id.');
  return match[1] as string;
}

/** The wire user of the app's `userId`, or 404 `not_found`. */
async function wireUser(c: LatchContext, app: AppRecord, userId: string | undefined) {
  const user = userId === undefined ? undefined : await getUser(c.get('ctx'), app.id, userId);
  if (!user) throw noUser();
  return c.json(toWireUser(user));
}

/** The id of the app's user holding the account `type` / `key` (normalised as stored), if any. */
async function userIdByAccount(c: LatchContext, app: AppRecord, type: string, key: string) {
  const row = await c
    .get('ctx')
    .db.selectFrom('linked_accounts')
    .select('user_id')
    .where('app_id', '=', app.id)
    .where('type', '=', type)
    .where('account_key', '=', key)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * The admin API (docs/node-sdk.md): a host backend reads and deletes its app's users with the app secret
 * (`Authorization: Basic base64(appId:appSecret)`, adminAuth.ts). Answers are WireUser, as the widget sees them.
 */
export const adminApiRoutes: RouteDef[] = [
  {
    method: 'get',
    path: ADMIN_API.user.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      return wireUser(c, app, pathUserId(c));
    },
  },
  {
    method: 'delete',
    path: ADMIN_API.user.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const userId = pathUserId(c);
      // Linked accounts, sessions (so every refresh token and the access tokens' sessions), wallets,
      // device keys, passkeys and MFA go with the user (ON DELETE CASCADE, migrations 001–016).
      const deleted = await c
        .get('ctx')
        .db.deleteFrom('users')
        .where('id', '=', userId)
        .where('app_id', '=', app.id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw noUser();
      c.get('ctx').logger.info({ appId: app.id, userId }, 'admin API deleted a user');
      return c.body(null, 204);
    },
  },
  {
    method: 'get',
    path: ADMIN_API.userSecurityEvents.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const userId = pathUserId(c);
      const before = parseBefore(c.req.query('before'));
      // An unknown user is a 404, as for the user itself; a user without events an empty list.
      if (!(await getUser(c.get('ctx'), app.id, userId))) throw noUser();
      return c.json(await listSecurityEvents(c.get('ctx'), app.id, userId, before));
    },
  },
  {
    method: 'post',
    path: ADMIN_API.userByEmail,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { address } = await parseBody(c, EmailLookup);
      return wireUser(c, app, await userIdByAccount(c, app, 'email', address));
    },
  },
  {
    method: 'post',
    path: ADMIN_API.userByPhone,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { number } = await parseBody(c, PhoneLookup);
      return wireUser(c, app, await userIdByAccount(c, app, 'phone', await normalisePhoneNumber(number)));
    },
  },
  {
    method: 'post',
    path: ADMIN_API.userByWallet,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { address } = await parseBody(c, WalletLookup);
      return wireUser(c, app, await userIdByAccount(c, app, 'wallet', address.toLowerCase()));
    },
  },
];

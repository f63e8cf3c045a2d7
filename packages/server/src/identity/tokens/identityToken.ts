import { IDENTITY_TOKEN, userDid, type WireUser } from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import type { AppRecord } from '../apps/appStore.js';
import { toWireUser, type UserWithAccounts } from '../users/userRecords.js';
import { signEs256Jws } from './signEs256Jws.js';

/** Options of `signIdentityToken`. */
interface IdentityTokenOptions {
  /** The token expires at this time (seconds since the epoch) at the latest, e.g. its session family's end. */
  notAfter?: number;
  /** The user's accounts as the widget sees them, when the caller has already built them (the token response's). */
  linkedAccounts?: WireUser['linked_accounts'];
}

/**
 * Signs the identity token of a session grant (docs/node-sdk.md "Identity token"): ES256 with the app's
 * signing key, header `typ` IDENTITY_TOKEN.typ (so it is never an access token, nor one of them an identity
 * token), aud = app id, iss = public URL, sub = user DID, iat, exp ≤ IDENTITY_TOKEN.ttlSeconds later, and
 * `linked_accounts`: the user's accounts as the widget sees them (WireLinkedAccount; no secret in them), as
 * a JSON string. No `sid`: it names a user, not a session, and opens no session.
 */
export async function signIdentityToken(
  ctx: Pick<ServerContext, 'keys' | 'clock' | 'settings'>,
  app: AppRecord,
  user: UserWithAccounts,
  options: IdentityTokenOptions = {},
): Promise<string> {
  const key = await ctx.keys.activeKey(app.id);
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  return signEs256Jws(key, IDENTITY_TOKEN.typ, {
    iss: ctx.settings.publicUrl,
    aud: app.id,
    sub: userDid(user.user.id),
    iat,
    exp: Math.min(iat + IDENTITY_TOKEN.ttlSeconds, options.notAfter ?? Number.POSITIVE_INFINITY),
    linked_accounts: JSON.stringify(options.linkedAccounts ?? toWireUser(user).linked_accounts),
  });
}

import { HEADER, LatchError, LIMIT } from '@latch/protocol';
import type { AppRecord } from '../apps/appStore.js';
import { isSessionActive } from '../services/sessions.js';
import { getUser, type UserWithAccounts } from '../services/userRecords.js';
import { type AccessClaims, unverifiedAudience, verifyAccessToken } from '../tokens/accessToken.js';
import type { LatchContext } from './env.js';

/** The authenticated caller of a request. */
export interface AuthenticatedUser extends UserWithAccounts {
  app: AppRecord;
  claims: AccessClaims;
}

/** The bearer token of the request, if any. */
export function bearerToken(c: LatchContext): string | undefined {
  const header = c.req.header(HEADER.authorization);
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Authenticates the request's bearer token: signed by the app's own key (the `latch-app-id` header's
 * app, else the token's audience), unexpired, and its session not revoked. Else 401 `missing_or_invalid_token`.
 */
export async function requireUser(c: LatchContext): Promise<AuthenticatedUser> {
  const ctx = c.get('ctx');
  const token = bearerToken(c);
  if (!token) throw new LatchError('missing_or_invalid_token');
  const appId = c.req.header(HEADER.appId) ?? unverifiedAudience(token);
  if (!appId || appId.length !== LIMIT.appIdLength) throw new LatchError('missing_or_invalid_token');
  const app = await ctx.apps.get(appId);
  if (!app) throw new LatchError('missing_or_invalid_token');
  const claims = await verifyAccessToken(ctx, app.id, token);
  if (!(await isSessionActive(ctx, app.id, claims.userId, claims.sessionId)))
    throw new LatchError('missing_or_invalid_token');
  const user = await getUser(ctx, app.id, claims.userId);
  if (!user) throw new LatchError('missing_or_invalid_token');
  return { ...user, app, claims };
}

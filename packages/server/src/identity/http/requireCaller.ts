import { LatchError } from '@latch/protocol';
import type { CallerCheck, LatchContext } from '../../kernel/http/env.js';
import type { AppRecord } from '../apps/appStore.js';
import { isSessionActive } from '../sessions/sessions.js';
import { type AccessClaims, verifyAccessToken } from '../tokens/accessToken.js';
import { getUser, type UserWithAccounts } from '../users/userRecords.js';
import { bearerToken, namedApp } from './resolveApp.js';

/** The authenticated caller of a request. */
export interface AuthenticatedUser extends UserWithAccounts {
  app: AppRecord;
  claims: AccessClaims;
}

/**
 * Authenticates the request's bearer token against the request's app (`resolveApp`: the header's, else
 * the token's audience): signed by the app's own key, unexpired, and its session not revoked. Else 401
 * `missing_or_invalid_token`. Routes declare `caller: 'user'` instead; this is for a handler whose
 * caller depends on the body (a code for a purpose other than login).
 */
export async function authenticateUser(c: LatchContext): Promise<AuthenticatedUser> {
  const ctx = c.get('ctx');
  const app = c.get('app');
  const token = bearerToken(c);
  if (!token || !app) throw new LatchError('missing_or_invalid_token');
  const claims = await verifyAccessToken(ctx, app.id, token);
  if (!(await isSessionActive(ctx, app.id, claims.userId, claims.sessionId)))
    throw new LatchError('missing_or_invalid_token');
  const user = await getUser(ctx, app.id, claims.userId);
  if (!user) throw new LatchError('missing_or_invalid_token');
  const authenticated = { ...user, app, claims };
  c.set('user', authenticated);
  return authenticated;
}

/** `caller: 'app'`: a known app named by header or path (`c.get('app')`). */
export const appCaller: CallerCheck = async (c, next) => {
  namedApp(c);
  await next();
};

/** `caller: 'user'`: a valid access token for the request's app (`c.get('user')`). */
export const userCaller: CallerCheck = async (c, next) => {
  await authenticateUser(c);
  await next();
};

// Tokens signed with an app's real signing key, as tests of a token verifier (@latch/node) need them: backdated
// ones (expired) and ones with chosen claims and header typ (a token of the wrong kind). Never used by the server.
import { signAccessToken } from '../identity/tokens/accessToken.js';
import { signIdentityToken } from '../identity/tokens/identityToken.js';
import { signEs256Jws } from '../identity/tokens/signEs256Jws.js';
import { getUser } from '../identity/users/userRecords.js';
import type { LatchServer } from '../index.js';
import { FakeClock } from '../kernel/clock.js';

/** The server's context with its clock set `msAgo` milliseconds back, for signing backdated tokens. */
const backdated = (server: LatchServer, msAgo: number) => ({ ...server.ctx, clock: new FakeClock(Date.now() - msAgo) });

/** Signs `claims` as a JWS with header `typ` under the app's active key (ES256), as the server signs its tokens. */
export async function signWithAppKey(server: LatchServer, appId: string, typ: string, claims: object): Promise<string> {
  return signEs256Jws(await server.ctx.keys.activeKey(appId), typ, claims);
}

/** The access token the server would have issued `msAgo` ms ago for the user's session `sessionId`. */
export async function backdatedAccessToken(
  server: LatchServer,
  appId: string,
  userId: string,
  sessionId: string,
  msAgo: number,
): Promise<string> {
  return signAccessToken(backdated(server, msAgo), await server.ctx.apps.require(appId), userId, sessionId);
}

/** The identity token the server would have issued `msAgo` ms ago for the user (`userId` without `did:latch:`). */
export async function backdatedIdentityToken(
  server: LatchServer,
  appId: string,
  userId: string,
  msAgo: number,
): Promise<string> {
  const user = await getUser(server.ctx, appId, userId);
  if (!user) throw new Error(`No user ${userId} in app ${appId}`);
  return signIdentityToken(backdated(server, msAgo), await server.ctx.apps.require(appId), user);
}

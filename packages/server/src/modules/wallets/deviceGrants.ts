import { randomBytes } from 'node:crypto';
import { CUSTODY_LIMIT } from '@latch/protocol/schemas';
import type { ServerContext } from '../../kernel/context.js';
import type { SessionStartPlan, StartingSession } from '../../kernel/module.js';
import { sha256B64url } from './deviceProof.js';

/** What grants and nonces need: the short-lived store, and the server's clock (it decides expiry). */
type GrantContext = Pick<ServerContext, 'shortLived' | 'clock'>;

/** Whom a device grant was minted for: the fresh session of a fresh authentication. */
interface DeviceGrantBinding {
  appId: string;
  userId: string;
  sessionId: string;
}

// The store keeps only the grant's hash: a store dump cannot be redeemed.
const grantKey = (grant: string) => `device-grant:${sha256B64url(grant)}`;
const nonceKey = (appId: string, userId: string, nonce: string) => `device-nonce:${appId}:${userId}:${nonce}`;
const nowMs = (ctx: GrantContext) => ctx.clock.now().getTime();

// The expiry is also written into the value and checked against the server's clock on take: the
// store's own TTL (Redis keeps real time) only cleans up.
async function put(ctx: GrantContext, key: string, value: object, ttlMs: number): Promise<void> {
  await ctx.shortLived.set(key, JSON.stringify({ ...value, expiresAt: nowMs(ctx) + ttlMs }), ttlMs);
}

async function take(ctx: GrantContext, key: string): Promise<Record<string, unknown> | undefined> {
  const value = await ctx.shortLived.take(key);
  if (value === null) return undefined;
  const parsed = JSON.parse(value) as Record<string, unknown>;
  return typeof parsed.expiresAt === 'number' && parsed.expiresAt > nowMs(ctx) ? parsed : undefined;
}

/**
 * The single-use device-registration grant of a fresh authentication (the module's `onSessionStarted`,
 * which only `logIn` runs; a refresh, a fork or a link never does): 32 random bytes, valid
 * CUSTODY_LIMIT.deviceGrantTtlMs. The login stores it with its own writes, bound to its app, session and
 * user (identity adds `userId` and `expiresAt`, as `put` writes them); a failed login stores nothing.
 */
export function deviceGrantPlan(session: StartingSession): SessionStartPlan {
  const grant = randomBytes(32).toString('base64url');
  const { appId, sessionId } = session;
  return {
    additions: { device_grant: grant },
    entries: [{ key: grantKey(grant), value: { appId, sessionId }, ttlMs: CUSTODY_LIMIT.deviceGrantTtlMs }],
  };
}

/** Takes a grant (atomically: of concurrent redeemers one wins); undefined when unknown, used or expired. */
export async function takeDeviceGrant(ctx: GrantContext, grant: string): Promise<DeviceGrantBinding | undefined> {
  const value = await take(ctx, grantKey(grant));
  if (!value) return undefined;
  return { appId: String(value.appId), userId: String(value.userId), sessionId: String(value.sessionId) };
}

/** A fresh single-use proof nonce for (app, user), live CUSTODY_LIMIT.deviceNonceTtlMs. */
export async function mintDeviceNonce(ctx: GrantContext, appId: string, userId: string): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await put(ctx, nonceKey(appId, userId, nonce), {}, CUSTODY_LIMIT.deviceNonceTtlMs);
  return nonce;
}

/** Takes a proof nonce minted for (app, user); false when unknown, used, expired or minted for another user. */
export async function takeDeviceNonce(
  ctx: GrantContext,
  appId: string,
  userId: string,
  nonce: string,
): Promise<boolean> {
  return (await take(ctx, nonceKey(appId, userId, nonce))) !== undefined;
}

import { randomBytes } from 'node:crypto';
import { CUSTODY_LIMIT } from '@latch/protocol/schemas';
import type { ShortLivedStore } from '../kv/ShortLivedStore.js';
import { sha256B64url } from './deviceProof.js';

/** Whom a device grant was minted for: the fresh session of a fresh authentication. */
export interface DeviceGrantBinding {
  appId: string;
  userId: string;
  sessionId: string;
}

// The store keeps only the grant's hash: a store dump cannot be redeemed.
const grantKey = (grant: string) => `device-grant:${sha256B64url(grant)}`;
const nonceKey = (appId: string, userId: string, nonce: string) => `device-nonce:${appId}:${userId}:${nonce}`;

/**
 * Mints the single-use device-registration grant of a fresh authentication (only `logIn` calls this;
 * a refresh, a fork or a link never does): 32 random bytes, valid CUSTODY_LIMIT.deviceGrantTtlMs.
 */
export async function mintDeviceGrant(store: ShortLivedStore, binding: DeviceGrantBinding): Promise<string> {
  const grant = randomBytes(32).toString('base64url');
  const { appId, userId, sessionId } = binding;
  await store.set(grantKey(grant), JSON.stringify({ appId, userId, sessionId }), CUSTODY_LIMIT.deviceGrantTtlMs);
  return grant;
}

/** Takes a grant (atomically: of concurrent redeemers one wins); undefined when unknown, used or expired. */
export async function takeDeviceGrant(store: ShortLivedStore, grant: string): Promise<DeviceGrantBinding | undefined> {
  const value = await store.take(grantKey(grant));
  if (value === null) return undefined;
  const parsed = JSON.parse(value) as DeviceGrantBinding;
  return parsed;
}

/** A fresh single-use proof nonce for (app, user), live CUSTODY_LIMIT.deviceNonceTtlMs. */
export async function mintDeviceNonce(store: ShortLivedStore, appId: string, userId: string): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await store.set(nonceKey(appId, userId, nonce), '1', CUSTODY_LIMIT.deviceNonceTtlMs);
  return nonce;
}

/** Takes a proof nonce minted for (app, user); false when unknown, used, expired or minted for another user. */
export async function takeDeviceNonce(
  store: ShortLivedStore,
  appId: string,
  userId: string,
  nonce: string,
): Promise<boolean> {
  return (await store.take(nonceKey(appId, userId, nonce))) !== null;
}

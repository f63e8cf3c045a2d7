import { LatchError } from '@latch/protocol';
import { CUSTODY_LIMIT } from '@latch/protocol/schemas';
import type { ShortLivedStore } from '../kv/ShortLivedStore.js';
import type { WalletOwner } from './walletInput.js';

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** Counts one event on `key` in a fixed window; 429 `too_many_requests` with Retry-After past `max`. */
async function consume(store: ShortLivedStore, key: string, max: number, windowMs: number): Promise<void> {
  const { count, ttlMs } = await store.increment(key, 1, windowMs);
  if (count > max) throw new LatchError('too_many_requests', undefined, { retryAfter: Math.ceil(ttlMs / 1000) });
}

/**
 * Counts a recovery-material release (a new device) against CUSTODY_LIMIT.newDevicesPerDay. The
 * counter lives in the short-lived store (docs/custody.md: a crash of an UNLOGGED table or a Redis
 * without persistence resets it, which at worst allows one more day's quota).
 */
export function countNewDevice(store: ShortLivedStore, owner: WalletOwner): Promise<void> {
  return consume(store, `custody-new-device:${owner.appId}:${owner.userId}`, CUSTODY_LIMIT.newDevicesPerDay, DAY_MS);
}

/** Counts an export code send against CUSTODY_LIMIT.exportCodesPerHour. */
export function countExportCode(store: ShortLivedStore, owner: WalletOwner): Promise<void> {
  return consume(
    store,
    `custody-export-code:${owner.appId}:${owner.userId}`,
    CUSTODY_LIMIT.exportCodesPerHour,
    HOUR_MS,
  );
}

import { LatchError } from '@latch/protocol';
import { CUSTODY_LIMIT } from '@latch/protocol/schemas';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

type LimitContext = Pick<ServerContext, 'shortLived' | 'clock'>;

/**
 * Counts one event on `key` in the current fixed window of the server's clock (a UTC day, an hour);
 * 429 `too_many_requests` with Retry-After (until the next window) past `max`. The window is in the key,
 * so the store's TTL only cleans up and every store (Redis included) follows the server's clock.
 */
async function consume(ctx: LimitContext, key: string, max: number, windowMs: number): Promise<void> {
  const now = ctx.clock.now().getTime();
  const window = Math.floor(now / windowMs);
  const { count } = await ctx.shortLived.counters.increment(`${key}:${window}`, 1, windowMs);
  if (count > max) {
    throw new LatchError('too_many_requests', undefined, {
      retryAfter: Math.ceil(((window + 1) * windowMs - now) / 1000),
    });
  }
}

/**
 * Counts a recovery-material release (a new device) against CUSTODY_LIMIT.newDevicesPerDay (per UTC day). The
 * counter lives in the short-lived store (docs/custody.md: a crash of an UNLOGGED table or a Redis
 * without persistence resets it, which at worst allows one more day's quota).
 */
export function countNewDevice(ctx: LimitContext, owner: UserRef): Promise<void> {
  return consume(ctx, `custody-new-device:${owner.appId}:${owner.userId}`, CUSTODY_LIMIT.newDevicesPerDay, DAY_MS);
}

/** Counts an export code send against CUSTODY_LIMIT.exportCodesPerHour. */
export function countExportCode(ctx: LimitContext, owner: UserRef): Promise<void> {
  return consume(ctx, `custody-export-code:${owner.appId}:${owner.userId}`, CUSTODY_LIMIT.exportCodesPerHour, HOUR_MS);
}

/** Counts a private-key import against CUSTODY_LIMIT.importsPerDay (per UTC day; a refused import counts too). */
export function countImport(ctx: LimitContext, owner: UserRef): Promise<void> {
  return consume(ctx, `custody-import:${owner.appId}:${owner.userId}`, CUSTODY_LIMIT.importsPerDay, DAY_MS);
}

import { hkdfSync } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { CUSTODY_LIMIT } from '@latch/protocol/schemas';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { createCodeStore } from '../passwordless/createCodeStore.js';
import { OneTimeCodes } from '../passwordless/OneTimeCodes.js';
import { countExportCode } from './custodyLimits.js';
import { type CustodyContact, sendExportCode } from './custodyNotices.js';

/** Wrong tries before an export code dies. */
const EXPORT_CODE_MAX_TRIES = 5;

/**
 * Builds the export codes: the one-time-code machinery with its own HMAC key (HKDF of the master key,
 * info `latch/export-codes/v1`) and its own namespace, so a login code never opens an export and an
 * export code never logs anyone in.
 */
export function buildExportCodes(
  ctx: Pick<ServerContext, 'db' | 'shortLived' | 'clock'>,
  masterKey: Buffer,
): OneTimeCodes {
  const now = () => ctx.clock.now().getTime();
  return new OneTimeCodes({
    store: createCodeStore(ctx.shortLived.throttleBackend, ctx.db, now),
    hmacKey: Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latch/export-codes/v1', 32)),
    now,
    ttlMs: CUSTODY_LIMIT.exportCodeTtlMs,
  });
}

const triesKey = (owner: UserRef) => `custody-export-tries:${owner.appId}:${owner.userId}`;
const stepUpRequired = () =>
  new LatchError('step_up_required', 'The code is wrong, used or expired, or was tried too often. Ask for a new one.');

// `export:<appId>` can never be a login code's app id (always 25 characters), so the store keys differ.
const scope = (owner: UserRef, contact: CustodyContact) => ({
  appId: `export:${owner.appId}`,
  channel: contact.channel,
  target: owner.userId,
});

/** Sends a fresh export code to `contact` (replacing an earlier one), at most CUSTODY_LIMIT.exportCodesPerHour. */
export async function sendExportStepUp(
  ctx: ServerContext,
  owner: UserRef,
  appName: string,
  contact: CustodyContact,
): Promise<void> {
  await countExportCode(ctx, owner);
  const code = await ctx.exportCodes.issue(scope(owner, contact));
  await ctx.shortLived.delete(triesKey(owner)); // a new code gets its own tries
  await sendExportCode(ctx.delivery, contact, appName, code, CUSTODY_LIMIT.exportCodeTtlMs / 60_000);
}

/** Consumes the export code; 401 `step_up_required` when it is wrong, used, expired or out of tries (5 per code sent). */
export async function verifyExportStepUp(
  ctx: ServerContext,
  owner: UserRef,
  contact: CustodyContact,
  code: string,
): Promise<void> {
  // Our own count of tries (whatever the code service's policy): EXPORT_CODE_MAX_TRIES per code sent.
  const { count } = await ctx.shortLived.counters.increment(triesKey(owner), 1, CUSTODY_LIMIT.exportCodeTtlMs);
  if (count > EXPORT_CODE_MAX_TRIES) throw stepUpRequired();
  try {
    await ctx.exportCodes.verify(scope(owner, contact), code);
  } catch (error) {
    if (error instanceof LatchError && error.code === 'invalid_credentials') throw stepUpRequired();
    throw error;
  }
  await ctx.shortLived.delete(triesKey(owner));
}

import { LatchError, type MfaMethod } from '@latch/protocol';
import { getUser } from '../../identity/users/userRecords.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { recoveryCodesOf } from './recoveryCodes/MfaRecoveryCodes.js';

/** What `latch-server users reset-mfa` removed. */
export interface MfaResetReport {
  app_id: string;
  user_id: string;
  removed: MfaMethod[];
  /** The passkeys no longer enrolled in MFA (they stay linked: they still log in). */
  unflagged_passkeys: string[];
}

/**
 * The operator's recovery for a user who lost every factor (docs/mfa.md): removes the user's TOTP and
 * SMS factors, un-flags their MFA passkeys and deletes their recovery codes. Run only after checking the user's identity out of
 * band: whoever holds the account afterwards needs no second factor.
 */
export async function resetUserMfa(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'apps' | 'mfaFactors' | 'passkeys'>,
  owner: UserRef,
): Promise<MfaResetReport> {
  if (!(await getUser(ctx, owner.appId, owner.userId))) {
    throw new LatchError('not_found', 'No user with this ID exists in this app.');
  }
  const removed: MfaMethod[] = [];
  for (const method of ['totp', 'sms'] as const) {
    if (await ctx.mfaFactors.remove(owner, method)) removed.push(method);
  }
  const passkeys = await ctx.passkeys.mfaCredentialIds(owner);
  if (passkeys.length > 0) {
    await ctx.passkeys.setEnrolledInMfa(owner, 'all', false);
    removed.push('passkey');
  }
  await recoveryCodesOf(ctx).clear(owner);
  return { app_id: owner.appId, user_id: owner.userId, removed, unflagged_passkeys: passkeys };
}

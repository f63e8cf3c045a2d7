import type { MfaMethod } from '@latch/protocol';
import { MFA_METHODS } from '@latch/protocol/mfa';
import type { LinkedAccountRow } from '../identityTables.js';

// The wire user lists its MFA methods (userRecords.ts), so what counts as one is identity's; the mfa
// module enrols them and decides what they gate (modules/mfa/mfaState.ts).

/** When each of a user's TOTP and SMS factors was enrolled (user_mfa), null when not. */
export interface MfaEnrolment {
  totp: Date | null;
  sms: Date | null;
}

/** A passkey linked account flagged for MFA (`details.enrolled_in_mfa`, set by PasskeyMfa.setEnrolledInMfa). */
function isMfaPasskey(account: Pick<LinkedAccountRow, 'type' | 'details'>): boolean {
  return account.type === 'passkey' && account.details?.enrolled_in_mfa === true;
}

/**
 * Every MFA method the user enrolled, with when (a passkey: the earliest MFA passkey's
 * `mfa_enrolled_at`, else its verification): the wire user's `mfa_methods`.
 */
export function mfaMethodsOfUser(
  enrolment: MfaEnrolment,
  accounts: readonly Pick<LinkedAccountRow, 'type' | 'details' | 'verified_at'>[],
): Array<{ type: MfaMethod; verifiedAt: Date }> {
  const passkeyTimes = accounts.filter(isMfaPasskey).map((a) => {
    const at = a.details?.mfa_enrolled_at;
    return typeof at === 'string' || typeof at === 'number' ? new Date(at) : a.verified_at;
  });
  const times: Record<MfaMethod, Date | null> = {
    totp: enrolment.totp,
    sms: enrolment.sms,
    passkey: passkeyTimes.length > 0 ? new Date(Math.min(...passkeyTimes.map((d) => d.getTime()))) : null,
  };
  return MFA_METHODS.filter((m) => times[m] !== null).map((m) => ({ type: m, verifiedAt: times[m] as Date }));
}

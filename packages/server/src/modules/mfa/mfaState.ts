import type { MfaAction, MfaMethod, WireMfaState } from '@latch/protocol';
import { MFA_METHODS } from '@latch/protocol/mfa';
import type { HostAppConfig } from '../../identity/apps/appConfigSchema.js';
import type { LinkedAccountRow } from '../../identity/identityTables.js';

/** When each of a user's TOTP and SMS factors was enrolled (user_mfa), null when not. */
export interface MfaEnrolment {
  totp: Date | null;
  sms: Date | null;
}

/** A passkey linked account flagged for MFA (`details.enrolled_in_mfa`, set by PasskeyMfa.setEnrolledInMfa). */
export function isMfaPasskey(account: Pick<LinkedAccountRow, 'type' | 'details'>): boolean {
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

/**
 * The user's MFA methods the app allows: a method the app no longer lists is neither offered nor
 * required (the operator's config decides, docs/mfa.md).
 */
export function enrolledMfaMethods(
  enrolment: MfaEnrolment,
  accounts: readonly Pick<LinkedAccountRow, 'type' | 'details' | 'verified_at'>[],
  config: Pick<HostAppConfig, 'mfa_methods'>,
): Array<{ type: MfaMethod; verifiedAt: Date }> {
  return mfaMethodsOfUser(enrolment, accounts).filter((m) => config.mfa_methods.includes(m.type));
}

/**
 * The actions that need a verification now (docs/mfa.md): with a method, export, recovery,
 * set_password and manage_mfa (+ sign and send when the app sets `mfa_protects_signing`); without one
 * where the app sets `mfa_required`, the same but manage_mfa (the first enrolment needs none: the user
 * must enrol before the others); otherwise none.
 */
export function requiredMfaActions(
  methods: readonly MfaMethod[],
  config: Pick<HostAppConfig, 'mfa_required' | 'mfa_protects_signing'>,
): MfaAction[] {
  if (methods.length === 0 && !config.mfa_required) return [];
  const actions: MfaAction[] = ['export', 'recovery', 'set_password'];
  if (config.mfa_protects_signing) actions.push('sign', 'send');
  if (methods.length > 0) actions.push('manage_mfa');
  return actions;
}

/** The wire MFA state of a user of an app (the frame's view). */
export function mfaStateOf(
  enrolment: MfaEnrolment,
  accounts: readonly Pick<LinkedAccountRow, 'type' | 'details' | 'verified_at'>[],
  config: Pick<HostAppConfig, 'mfa_methods' | 'mfa_required' | 'mfa_protects_signing'>,
): WireMfaState {
  const methods = enrolledMfaMethods(enrolment, accounts, config).map((m) => m.type);
  return { mfa_methods: methods, required_actions: requiredMfaActions(methods, config) };
}

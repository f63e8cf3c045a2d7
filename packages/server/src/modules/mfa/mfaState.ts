import type { MfaAction, MfaMethod, WireMfaState } from '@latch/protocol';
import type { HostAppConfig } from '../../identity/apps/appConfigSchema.js';
import type { LinkedAccountRow } from '../../identity/identityTables.js';
import { type MfaEnrolment, mfaMethodsOfUser } from '../../identity/users/mfaMethodsOfUser.js';

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

import type { AppConfig, MfaAction, User } from '@latch/protocol';

const CUSTODY: readonly MfaAction[] = ['export', 'recovery', 'set_password'];
const SIGNING: readonly MfaAction[] = ['sign', 'send'];

/**
 * The actions that need an MFA verification for this user in this app, as the server computes them
 * (`required_actions`, docs/mfa.md): with a method, the custody actions and managing MFA (+ signing when
 * the app sets `mfa_protects_signing`); without one, the custody actions only when the app requires MFA
 * (the user must enrol first, and a first enrolment needs no verification).
 */
export function mfaRequiredActions(
  user: Pick<User, 'mfaMethods'> | null,
  config: Pick<AppConfig, 'mfa'> | null,
): MfaAction[] {
  if (!user) return [];
  const signing = config?.mfa.protectsSigning ? SIGNING : [];
  if (user.mfaMethods.length > 0) return [...CUSTODY, 'manage_mfa', ...signing];
  return config?.mfa.required ? [...CUSTODY, ...signing] : [];
}

/** True when `action` needs a verification first (the client's mirror of the server's rule). */
export function mfaRequiredFor(
  action: MfaAction,
  user: Pick<User, 'mfaMethods'> | null,
  config: Pick<AppConfig, 'mfa'> | null,
): boolean {
  return mfaRequiredActions(user, config).includes(action);
}

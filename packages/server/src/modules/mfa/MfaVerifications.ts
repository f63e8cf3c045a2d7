import { LatchError, type MfaAction } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import type { ServerContext } from '../../kernel/context.js';

/** What a verification is bound to: the app, the user, the session (access token's) and the device (frame key). */
export interface VerificationBinding {
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>;
  owner: { appId: string; userId: string };
  sessionId: string;
  deviceId: string;
}

const keyOf = (b: VerificationBinding, action: MfaAction) =>
  `mfa-ok:${b.owner.appId}:${b.owner.userId}:${b.sessionId}:${b.deviceId}:${action}`;

/**
 * Stores the single-use record of a successful MFA verification for `action` (docs/mfa.md), live
 * MFA_LIMIT.verificationTtlMs by the server's clock (the expiry is the value, so every store follows
 * the same clock). A newer verification of the same action replaces the older one.
 */
export async function recordMfaVerification(binding: VerificationBinding, action: MfaAction): Promise<void> {
  const expiresAt = binding.ctx.clock.now().getTime() + MFA_LIMIT.verificationTtlMs;
  await binding.ctx.shortLived.set(keyOf(binding, action), String(expiresAt), MFA_LIMIT.verificationTtlMs);
}

/**
 * Takes the verification for `action` of this exact app, user, session and device: true once, then
 * false (atomic: of concurrent takers one wins). A record of another session, device or action is
 * another key and never matches.
 */
async function takeMfaVerification(binding: VerificationBinding, action: MfaAction): Promise<boolean> {
  const value = await binding.ctx.shortLived.take(keyOf(binding, action));
  return value !== null && Number(value) > binding.ctx.clock.now().getTime();
}

/** Takes the verification for `action` or throws 401 `missing_or_invalid_mfa`. */
export async function requireMfaVerification(binding: VerificationBinding, action: MfaAction): Promise<void> {
  if (!(await takeMfaVerification(binding, action))) throw new LatchError('missing_or_invalid_mfa');
}

/** True while a live verification for `action` exists (not taken: the gate takes it right before its change). */
export async function hasMfaVerification(binding: VerificationBinding, action: MfaAction): Promise<boolean> {
  const value = await binding.ctx.shortLived.get(keyOf(binding, action));
  return value !== null && Number(value) > binding.ctx.clock.now().getTime();
}

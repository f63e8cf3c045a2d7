import { LatchError, type MfaMethod, type WireMfaState } from '@latch/protocol';
import type { MfaVerifyBody } from '@latch/protocol/schemas';
import type { HostAppConfig } from '../../identity/apps/appConfigSchema.js';
import type { LinkedAccountRow } from '../../identity/identityTables.js';
import { checkWithAttempts, type FactorVerdict } from '../../identity/users/checkWithAttempts.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { recoveryCodesOf } from './recoveryCodes/MfaRecoveryCodes.js';
import { totpStep } from './totp.js';
import { openTotpSecret } from './totpSecret.js';

type CheckContext = Pick<
  ServerContext,
  'db' | 'shortLived' | 'clock' | 'keyring' | 'mfaFactors' | 'mfaSmsCodes' | 'passkeys'
>;

/** SPEC §8 'Unsupported MFA method' unless the app's `mfa_methods` lists `method`. */
export function assertMfaMethodAllowed(config: Pick<HostAppConfig, 'mfa_methods'>, method: MfaMethod): void {
  if (!config.mfa_methods.includes(method)) throw new LatchError('invalid_data', 'Unsupported MFA method');
}

/**
 * SMS MFA is 'Disabled' for a user who logs in by SMS (SPEC §2): a code to the phone that logs in is no
 * second factor.
 */
export function assertSmsMfaAvailable(accounts: readonly Pick<LinkedAccountRow, 'type'>[]): void {
  if (accounts.some((a) => a.type === 'phone')) {
    throw new LatchError(
      'invalid_data',
      'SMS verification is disabled for accounts that log in with a phone number: use an authenticator app or a passkey.',
    );
  }
}

/** The TOTP verdict of `code` against a secret; a right code's step must be later than the last accepted one. */
export async function totpVerdict(
  ctx: CheckContext,
  owner: UserRef,
  secret: string,
  code: string,
): Promise<FactorVerdict> {
  const step = totpStep(secret, code, ctx.clock.now().getTime());
  if (step === null) return 'wrong';
  // Atomic: a code (or an earlier step's) already accepted is refused, even by two racing requests.
  return (await ctx.mfaFactors.acceptTotpStep(owner, step)) ? 'ok' : 'wrong';
}

/**
 * Verifies one factor of the user under the attempt limits (identity/users/checkWithAttempts.ts): a TOTP
 * code, a code sent by SMS to the enrolled phone, an assertion by an MFA passkey of this session's
 * challenge, or one of the user's recovery codes (spent by a right answer; MFA-06). The method must be
 * allowed by the app and enrolled (`state`); a recovery code needs some method enrolled. Throws on
 * anything but a right answer.
 */
export async function verifyMfaFactor(
  ctx: CheckContext,
  owner: UserRef,
  sessionId: string,
  state: WireMfaState,
  config: Pick<HostAppConfig, 'mfa_methods'>,
  body: MfaVerifyBody,
): Promise<void> {
  if (body.method === 'recovery_code') {
    if (state.mfa_methods.length === 0) throw new LatchError('invalid_data', 'No MFA method is enrolled for the user.');
    const code = body.recovery_code;
    await checkWithAttempts(ctx, owner, async () => ((await recoveryCodesOf(ctx).take(owner, code)) ? 'ok' : 'wrong'));
    return;
  }
  assertMfaMethodAllowed(config, body.method);
  if (!state.mfa_methods.includes(body.method)) {
    throw new LatchError('invalid_data', 'This MFA method is not enrolled for the user.');
  }
  const factors = await ctx.mfaFactors.get(owner);
  await checkWithAttempts(ctx, owner, async () => {
    if (body.method === 'totp') {
      if (!factors.totp) return 'wrong';
      const secret = openTotpSecret(ctx.keyring, owner, 'enrolled', factors.totp.sealed);
      return totpVerdict(ctx, owner, secret, body.mfa_code);
    }
    if (body.method === 'sms') {
      if (!factors.sms) return 'wrong';
      return ctx.mfaSmsCodes.check(owner, 'verify', factors.sms.phone, body.mfa_code);
    }
    try {
      await ctx.passkeys.verifyMfaAssertion(owner, sessionId, body.credential);
      return 'ok';
    } catch (error) {
      if (error instanceof LatchError && error.code === 'missing_or_invalid_mfa') return 'wrong';
      throw error;
    }
  });
}

/** Checks the code confirming a pending TOTP secret (under the attempt limits); returns the code's time step. */
export async function confirmTotpCode(
  ctx: CheckContext,
  owner: UserRef,
  secret: string,
  code: string,
): Promise<number> {
  let step: number | null = null;
  await checkWithAttempts(ctx, owner, async () => {
    step = totpStep(secret, code, ctx.clock.now().getTime());
    return step === null ? 'wrong' : 'ok';
  });
  return step as unknown as number;
}

/** Checks the code sent to `phone` to enrol it (under the attempt limits); `mfa_timeout` when it expired. */
export async function confirmSmsCode(ctx: CheckContext, owner: UserRef, phone: string, code: string): Promise<void> {
  await checkWithAttempts(ctx, owner, () => ctx.mfaSmsCodes.check(owner, 'enroll', phone, code));
}

import { LatchError, type MfaAction, type WireMfaState } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { hasStepUp, stepUpRequired, takeStepUp } from '../../identity/stepUp/StepUpRecords.js';
import { getUser } from '../../identity/users/userRecords.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { hasMfaVerification, requireMfaVerification, type VerificationBinding } from './MfaVerifications.js';
import { mfaStateOf } from './mfaState.js';

/** The user's MFA state for `app` from the database (their factors and their MFA passkeys). */
export async function mfaStateFor(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'apps' | 'mfaFactors'>,
  owner: UserRef,
  app: Pick<AppRecord, 'config'>,
): Promise<WireMfaState> {
  const [factors, user] = await Promise.all([ctx.mfaFactors.get(owner), getUser(ctx, owner.appId, owner.userId)]);
  const enrolment = { totp: factors.totp?.enrolledAt ?? null, sms: factors.sms?.enrolledAt ?? null };
  return mfaStateOf(enrolment, user?.accounts ?? [], app.config);
}

/** A custody call as the gate sees it: the binding of a verification, and the app. */
export interface GatedCall extends VerificationBinding {
  ctx: VerificationBinding['ctx'] & Pick<ServerContext, 'db' | 'clock' | 'apps' | 'mfaFactors'>;
  user: { app: Pick<AppRecord, 'config'> };
}

/**
 * The server's MFA gate (docs/mfa.md): when the user's state requires a verification for `action`,
 * takes this session's and device's single-use record for it, else 401 `missing_or_invalid_mfa`.
 * Custody routes call it first, before any side effect.
 */
async function requireMfaFor(call: GatedCall, action: MfaAction): Promise<void> {
  const state = await mfaStateFor(call.ctx, call.owner, call.user.app);
  if (state.required_actions.includes(action)) await requireMfaVerification(call, action);
}

/** The MFA gate as a service: what other modules (wallet custody) call, through the context, without importing mfa. */
export interface MfaGate {
  /** The user's MFA state for `app` (`mfaStateFor`). */
  stateFor(owner: UserRef, app: Pick<AppRecord, 'config'>): Promise<WireMfaState>;
  /** Takes the verification `action` needs, when the user's state requires one (`requireMfaFor`). */
  require(call: GatedCall, action: MfaAction): Promise<void>;
}

/** The gate on the server's context (its MFA factors, apps and users). */
export function createMfaGate(ctx: Pick<ServerContext, 'db' | 'clock' | 'apps' | 'mfaFactors'>): MfaGate {
  return { stateFor: (owner, app) => mfaStateFor(ctx, owner, app), require: requireMfaFor };
}

/**
 * The gate of MFA changes in two steps, so a mistyped enrolment code does not burn the verification:
 * `check` before anything (401 when a needed record is absent), `take` right before the change. It
 * needs this session's `manage_mfa` step-up and, when the user's MFA state asks for one, the device's
 * `manage_mfa` MFA verification.
 */
export async function manageMfaGate(call: GatedCall): Promise<{ take(): Promise<void> }> {
  // Every MFA change also needs a step-up with a factor from before this session (stepUp/).
  const stepUp = { ctx: call.ctx, appId: call.owner.appId, userId: call.owner.userId, sessionId: call.sessionId };
  if (!(await hasStepUp(stepUp, 'manage_mfa'))) throw stepUpRequired('manage_mfa');
  const state = await mfaStateFor(call.ctx, call.owner, call.user.app);
  const needed = state.required_actions.includes('manage_mfa');
  if (needed && !(await hasMfaVerification(call, 'manage_mfa'))) throw new LatchError('missing_or_invalid_mfa');
  return {
    take: async () => {
      if (!(await takeStepUp(stepUp, 'manage_mfa'))) throw stepUpRequired('manage_mfa');
      if (needed) await requireMfaVerification(call, 'manage_mfa');
    },
  };
}

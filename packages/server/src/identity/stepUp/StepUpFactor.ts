import { LatchError, type StepUpFactorType, type StepUpInitResponse, type WireStepUpFactor } from '@latch/protocol';
import type { StepUpInitBody, StepUpVerifyBody } from '@latch/protocol/schemas';
import type { ServerContext } from '../../kernel/context.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import type { LinkedAccountRow } from '../identityTables.js';
import { checkWithAttempts, type FactorVerdict } from '../users/checkWithAttempts.js';

declare module '../../kernel/module.js' {
  interface ModuleExtensions {
    /** The ways to step up this module owns (identity/stepUp/StepUpFactor.ts), offered in module order. */
    stepUpFactors?: readonly StepUpFactor[];
  }
}

/** A factor the caller may step up with, and what it stands on. */
export interface EligibleFactor extends WireStepUpFactor {
  /** The linked account behind it (email, sms, passkey, wallet, oauth); absent for totp and sms_mfa. */
  account?: LinkedAccountRow;
  /** sms_mfa: the enrolled phone (E.164). */
  phone?: string;
}

/** The caller as the factors see it: the app, the token's claims, the linked accounts. */
export type StepUpCaller = Pick<AuthenticatedUser, 'app' | 'claims' | 'accounts'>;

/** Where an init comes from: the client IP (send limits) and the Origin (the wallet message's). */
export interface StepUpRequest {
  ip: string;
  origin: string | undefined;
}

/**
 * One way to step up, declared by the module that owns it (`LatchModule.stepUpFactors`): which of the
 * caller's linked accounts or enrolled factors it offers, how a proof starts and how it is checked.
 * Identity keeps the rules around it: only factors the caller had at the session's login count, the
 * init limit, and the single-use record a right proof leaves (stepUpService.ts).
 */
export interface StepUpFactor {
  /** The wire types it handles. */
  types: readonly StepUpFactorType[];
  /** Several of the caller's accounts are one factor (passkeys: the assertion names which). */
  onePerUser?: boolean;
  /** The factor a linked account gives, or undefined when it is not one of this kind. */
  ofAccount?(account: LinkedAccountRow): EligibleFactor | undefined;
  /** The caller's factors not backed by a linked account (MFA), each with when it was enrolled. */
  enrolled?(ctx: ServerContext, caller: StepUpCaller): Promise<Array<{ factor: EligibleFactor; since: Date }>>;
  /** Starts a proof: sends a code, or answers a challenge, a message to sign or the provider's URL. */
  init(
    ctx: ServerContext,
    caller: AuthenticatedUser,
    factor: EligibleFactor,
    body: StepUpInitBody,
    request: StepUpRequest,
  ): Promise<StepUpInitResponse>;
  /** Checks the proof (throws on anything but a right answer). */
  verify(ctx: ServerContext, caller: AuthenticatedUser, factor: EligibleFactor, body: StepUpVerifyBody): Promise<void>;
}

/** 422 `step_up_factor_not_allowed`. */
export const factorNotAllowed = (detail?: string) => new LatchError('step_up_factor_not_allowed', detail);

/** 422 `invalid_data`: the proof lacks a field its factor needs. */
export const missingProof = (field: string) => new LatchError('invalid_data', `This factor needs \`${field}\`.`);

/**
 * A code check under the per-user attempt limits (users/checkWithAttempts.ts), which MFA shares; a wrong
 * code keeps its factor's own error (`wrong`).
 */
export async function checkStepUpCode(
  ctx: ServerContext,
  caller: Pick<AuthenticatedUser, 'app' | 'claims'>,
  check: () => Promise<FactorVerdict>,
  wrong: () => LatchError,
): Promise<void> {
  try {
    await checkWithAttempts(ctx, { appId: caller.app.id, userId: caller.claims.userId }, check);
  } catch (error) {
    if (error instanceof LatchError && error.code === 'missing_or_invalid_mfa') throw wrong();
    throw error;
  }
}

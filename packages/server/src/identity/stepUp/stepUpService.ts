import type { StepUpInitResponse } from '@latch/protocol';
import type { StepUpInitBody, StepUpVerifyBody } from '@latch/protocol/schemas';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import type { StepUpRequest } from './StepUpFactor.js';
import { recordStepUp } from './StepUpRecords.js';
import { requireStepUpFactor, stepUpFactorOfType } from './stepUpFactors.js';

/**
 * Step-up inits one user may make (each stores a challenge, a message or a state, or sends a code):
 * far above a person retrying, far below a flood of the store. Codes also count against the send limits.
 */
const STEP_UP_INIT_LIMIT: Limit = { points: 30, durationSec: 10 * 60 };

/**
 * Starts a step-up with one of the caller's factors from before this session, under the init limit:
 * the module that owns the factor sends a code (email, SMS, SMS MFA; each under its send limits), or
 * answers a passkey challenge, a message for the wallet to sign, or the provider's authorization URL.
 * TOTP needs nothing.
 */
export async function initStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  body: StepUpInitBody,
  request: StepUpRequest,
): Promise<StepUpInitResponse> {
  const factor = await requireStepUpFactor(ctx, caller, body.factor);
  await new KeyThrottle(ctx.shortLived.throttleBackend, 'step-up-init', STEP_UP_INIT_LIMIT).consume(
    `${caller.app.id}:${caller.claims.userId}`,
  );
  return stepUpFactorOfType(ctx, factor.type).init(ctx, caller, factor, body, request);
}

/**
 * Verifies a step-up: the factor must be the caller's from before this session (422
 * `step_up_factor_not_allowed`), and its proof right (checked by the module that owns it); then stores
 * the single-use record for `body.action` bound to this session. Answers the action and the record's expiry.
 */
export async function verifyStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  body: StepUpVerifyBody,
): Promise<{ action: StepUpVerifyBody['action']; expires_at: number }> {
  const factor = await requireStepUpFactor(ctx, caller, body.factor);
  await stepUpFactorOfType(ctx, factor.type).verify(ctx, caller, factor, body);
  const binding = { ctx, appId: caller.app.id, userId: caller.claims.userId, sessionId: caller.claims.sessionId };
  return { action: body.action, expires_at: await recordStepUp(binding, body.action) };
}

import type { StepUpAction } from '@latch/protocol';
import type { ServerContext } from '../context.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import { hasStepUp, type StepUpBinding, stepUpRequired, takeStepUp } from './StepUpRecords.js';

/** The session a caller acts in, as a step-up record is bound to it. */
export function stepUpBinding(ctx: StepUpBinding['ctx'], caller: Pick<AuthenticatedUser, 'app' | 'claims'>) {
  return { ctx, appId: caller.app.id, userId: caller.claims.userId, sessionId: caller.claims.sessionId };
}

/**
 * The step-up gate (docs/server.md "Step-up"): takes this session's single-use record for `action`, or
 * throws 401 `step_up_required`. Gated routes call it before any side effect; a recent login never
 * stands in for it.
 */
export async function requireStepUp(
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>,
  caller: Pick<AuthenticatedUser, 'app' | 'claims'>,
  action: StepUpAction,
): Promise<void> {
  if (!(await takeStepUp(stepUpBinding(ctx, caller), action))) throw stepUpRequired(action);
}

/**
 * The same gate in two steps, for a route that checks a code of its own after it (so a mistyped code
 * does not burn the step-up): `check` now (401 `step_up_required` without a live record), `take` right
 * before the change (401 if another request took it meanwhile).
 */
export async function stepUpGate(
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>,
  caller: Pick<AuthenticatedUser, 'app' | 'claims'>,
  action: StepUpAction,
): Promise<{ take(): Promise<void> }> {
  if (!(await hasStepUp(stepUpBinding(ctx, caller), action))) throw stepUpRequired(action);
  return { take: () => requireStepUp(ctx, caller, action) };
}

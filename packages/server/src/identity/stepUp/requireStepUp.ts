import type { StepUpAction } from '@latch/protocol';
import { LatchError } from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import {
  hasStepUp,
  restoreStepUp,
  type StepUpBinding,
  stepUpRequired,
  takeStepUp,
  takeStepUpExpiry,
} from './StepUpRecords.js';

/** The session a caller acts in, as a step-up record is bound to it. */
function stepUpBinding(ctx: StepUpBinding['ctx'], caller: Pick<AuthenticatedUser, 'app' | 'claims'>) {
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

/** A checked step-up, to be spent by the change it allows. */
export interface StepUpPass {
  /** Runs the change under the record (`withStepUp`): taken first, put back when the change is refused. */
  run<T>(change: () => Promise<T>): Promise<T>;
}

/**
 * The same gate in two steps, for a route that checks a code or a signature of its own first (so a
 * mistyped code does not burn the step-up): 401 `step_up_required` now without a live record; the
 * record is taken by `run`, right with the change.
 */
export async function stepUpGate(
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>,
  caller: Pick<AuthenticatedUser, 'app' | 'claims'>,
  action: StepUpAction,
): Promise<StepUpPass> {
  if (!(await hasStepUp(stepUpBinding(ctx, caller), action))) throw stepUpRequired(action);
  return { run: (change) => withStepUp(ctx, caller, action, change) };
}

/**
 * Runs `change` under the step-up for `action`: takes the record first (401 `step_up_required` without
 * one), and puts it back when `change` is refused (a LatchError: the account was not linked, was the
 * last one, …), so a refused request spends nothing.
 */
export async function withStepUp<T>(
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>,
  caller: Pick<AuthenticatedUser, 'app' | 'claims'>,
  action: StepUpAction,
  change: () => Promise<T>,
): Promise<T> {
  const binding = stepUpBinding(ctx, caller);
  const expiresAt = await takeStepUpExpiry(binding, action);
  if (expiresAt === null) throw stepUpRequired(action);
  try {
    return await change();
  } catch (error) {
    if (error instanceof LatchError) await restoreStepUp(binding, action, expiresAt);
    throw error;
  }
}

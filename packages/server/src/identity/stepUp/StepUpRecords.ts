import { LatchError, type StepUpAction } from '@latch/protocol';
import { STEP_UP_LIMIT } from '@latch/protocol/stepUp';
import type { ServerContext } from '../../kernel/context.js';

/** What a step-up record is bound to: the app, the user and the session (the access token's). */
export interface StepUpBinding {
  ctx: Pick<ServerContext, 'shortLived' | 'clock'>;
  appId: string;
  userId: string;
  sessionId: string;
}

const keyOf = (b: StepUpBinding, action: StepUpAction) => `step-up-ok:${b.appId}:${b.userId}:${b.sessionId}:${action}`;

/**
 * Stores the single-use record of a successful step-up for `action`, live STEP_UP_LIMIT.verificationTtlMs
 * by the server's clock (the expiry is the value, so every store follows the same clock); answers the
 * expiry. A newer step-up for the same action replaces the older one.
 */
export async function recordStepUp(binding: StepUpBinding, action: StepUpAction): Promise<number> {
  const expiresAt = binding.ctx.clock.now().getTime() + STEP_UP_LIMIT.verificationTtlMs;
  await binding.ctx.shortLived.set(keyOf(binding, action), String(expiresAt), STEP_UP_LIMIT.verificationTtlMs);
  return expiresAt;
}

/**
 * Takes the record for `action` of this exact app, user and session: true once, then false (atomic: of
 * concurrent takers one wins). Another session's, user's or action's record is another key.
 */
export async function takeStepUp(binding: StepUpBinding, action: StepUpAction): Promise<boolean> {
  return (await takeStepUpExpiry(binding, action)) !== null;
}

/** `takeStepUp`, answering the record's expiry (ms since epoch), or null when there was no live one. */
export async function takeStepUpExpiry(binding: StepUpBinding, action: StepUpAction): Promise<number | null> {
  const value = await binding.ctx.shortLived.take(keyOf(binding, action));
  const expiresAt = value === null ? Number.NaN : Number(value);
  return expiresAt > binding.ctx.clock.now().getTime() ? expiresAt : null;
}

/** Puts back a record taken by a change that was then refused, with its original expiry. */
export async function restoreStepUp(binding: StepUpBinding, action: StepUpAction, expiresAt: number): Promise<void> {
  const ttl = expiresAt - binding.ctx.clock.now().getTime();
  if (ttl > 0) await binding.ctx.shortLived.set(keyOf(binding, action), String(expiresAt), ttl);
}

/** True while a live record for `action` exists (not taken). */
export async function hasStepUp(binding: StepUpBinding, action: StepUpAction): Promise<boolean> {
  const value = await binding.ctx.shortLived.get(keyOf(binding, action));
  return value !== null && Number(value) > binding.ctx.clock.now().getTime();
}

const ACTION_TEXT: Record<StepUpAction, string> = {
  link: 'add a login method',
  update_login: 'change your login address',
  unlink: 'remove a login method',
  manage_mfa: 'change your verification methods',
  export: 'export your wallet key',
};

/** 401 `step_up_required`, naming the action. */
export const stepUpRequired = (action: StepUpAction) =>
  new LatchError(
    'step_up_required',
    `Confirm it is you with a login method you had before this session to ${ACTION_TEXT[action]} (step-up '${action}').`,
  );

import { type CodePurpose, LatchError } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { type AuthenticatedUser, authenticateUser } from '../../identity/http/requireCaller.js';
import { namedApp } from '../../identity/http/resolveApp.js';
import { type StepUpPass, stepUpGate } from '../../identity/stepUp/requireStepUp.js';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchContext } from '../../kernel/http/env.js';
import type { CodeChannel } from './OneTimeCodes.js';

/** The account type and key of an address or number, as linked_accounts stores them. */
const accountOf = (channel: CodeChannel, target: string) => ({ type: channel === 'email' ? 'email' : 'phone', target });

/** True when `caller` has `target` linked on `channel`. */
export function hasLinked(caller: AuthenticatedUser, channel: CodeChannel, target: string): boolean {
  const { type } = accountOf(channel, target);
  return caller.accounts.some((a) => a.type === type && a.account_key === target);
}

/**
 * The app a code for `purpose` is sent for. A login code needs only the app header; every
 * other purpose needs the bearer token (401 without it), and the codes proving a linked address
 * ('update-old', 'unlink') go only to an address of the caller (422 `account_not_linked`).
 */
export async function appForCodeSend(
  c: LatchContext,
  purpose: CodePurpose,
  channel: CodeChannel,
  target: string,
): Promise<AppRecord> {
  if (purpose === 'login') return namedApp(c);
  const caller = await authenticateUser(c);
  if ((purpose === 'update-old' || purpose === 'unlink') && !hasLinked(caller, channel, target)) {
    throw new LatchError('account_not_linked');
  }
  return caller.app;
}

/**
 * The step-up before changing or removing a login address: a code sent to that address for `purpose`
 * (`code`: a proof with that very factor), else this session's step-up record for `action`
 * (identity/stepUp/requireStepUp.ts). Without either: 401 `step_up_required`, and no code is spent. A recent
 * login never stands in for it.
 */
export async function requireAddressStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  proof: { channel: CodeChannel; target: string; code: string | undefined; purpose: 'update-old' | 'unlink' },
  action: 'update_login' | 'unlink',
): Promise<StepUpPass> {
  if (proof.code !== undefined) {
    await ctx.passwordless.verify(caller.app.id, proof.channel, proof.target, proof.code, proof.purpose);
    return { run: (change) => change() };
  }
  return stepUpGate(ctx, caller, action);
}

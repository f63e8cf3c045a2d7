import { type CodePurpose, LatchError } from '@latch/protocol';
import type { AppRecord } from '../apps/appStore.js';
import type { CodeChannel } from '../auth/passwordless/OneTimeCodes.js';
import type { ServerContext } from '../context.js';
import type { LatchContext } from '../http/env.js';
import { type AuthenticatedUser, authenticateUser } from '../http/requireCaller.js';
import { namedApp } from '../http/resolveApp.js';
import { sessionLoggedInAt } from '../services/users.js';

/**
 * A login this recent stands in for a code to the current address when changing or removing a login
 * address: the person just proved control of an identifier (docs/server.md "Changing login addresses").
 */
export const RECENT_LOGIN_MS = 5 * 60_000;

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

/** True when the caller's session comes from a login (not a refresh or fork of an older one) within RECENT_LOGIN_MS. */
export async function loggedInRecently(ctx: ServerContext, caller: AuthenticatedUser): Promise<boolean> {
  const at = await sessionLoggedInAt(ctx, caller.app.id, caller.claims.sessionId);
  return at !== null && ctx.clock.now().getTime() - at.getTime() <= RECENT_LOGIN_MS;
}

/**
 * The step-up before changing or removing a login address: a code sent to that address for `purpose`
 * (`code`), or a recent login. Without either: 401 `step_up_required`, and no code is spent.
 */
export async function requireStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  proof: { channel: CodeChannel; target: string; code: string | undefined; purpose: 'update-old' | 'unlink' },
): Promise<void> {
  if (proof.code !== undefined) {
    await ctx.passwordless.verify(caller.app.id, proof.channel, proof.target, proof.code, proof.purpose);
    return;
  }
  if (await loggedInRecently(ctx, caller)) return;
  throw new LatchError(
    'step_up_required',
    `Confirm with a code sent to the current address (purpose '${proof.purpose}'), or log in again first.`,
  );
}

/**
 * Linking a new login method needs a recent login: a linked email, phone or wallet is a way to log
 * in afresh, and a fresh login can register a wallet device (docs/custody.md), so a stolen access or
 * refresh token must not be able to add one. Without it: 401 `step_up_required`, nothing spent.
 */
export async function requireRecentLoginToLink(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  action: 'link' | 'unlink' = 'link',
): Promise<void> {
  if (await loggedInRecently(ctx, caller)) return;
  throw new LatchError('step_up_required', `Log in again to ${action} a login method.`);
}

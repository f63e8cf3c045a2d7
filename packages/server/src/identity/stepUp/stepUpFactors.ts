import type { StepUpFactorRef, StepUpFactorType, WireStepUpFactor } from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import type { LinkedAccountRow } from '../identityTables.js';
import { sessionLoggedInAt } from '../users/users.js';
import { type EligibleFactor, factorNotAllowed, type StepUpCaller, type StepUpFactor } from './StepUpFactor.js';

/**
 * When a linked account became the user's as it is now: the later of its creation and its first
 * verification (an email update keeps the row and restarts `first_verified_at`).
 */
const sinceOf = (a: Pick<LinkedAccountRow, 'created_at' | 'first_verified_at'>) =>
  Math.max(new Date(a.created_at).getTime(), new Date(a.first_verified_at).getTime());

/** The declared factor that handles `type`; 422 `step_up_factor_not_allowed` when no module offers it. */
export function stepUpFactorOfType(ctx: Pick<ServerContext, 'stepUpFactors'>, type: StepUpFactorType): StepUpFactor {
  const kind = ctx.stepUpFactors.find((k) => k.types.includes(type));
  if (!kind) throw factorNotAllowed();
  return kind;
}

/** The factor of one linked account, from the first declared factor that takes it (none for Telegram, custom token, embedded wallet…). */
function accountFactor(
  kinds: readonly StepUpFactor[],
  account: LinkedAccountRow,
): { factor: EligibleFactor; kind: StepUpFactor } | undefined {
  for (const kind of kinds) {
    const factor = kind.ofAccount?.(account);
    if (factor) return { factor, kind };
  }
  return undefined;
}

/**
 * The factors the caller had when this session's login happened (its family's start: a refresh or a
 * fork does not move it), one per kind and identity, as the modules declare them (`stepUpFactors`):
 * linked emails, phones, passkeys, external wallets and OAuth accounts, in the order they were linked,
 * then the enrolled ones (TOTP, SMS MFA). A factor added since is left out: whoever holds this session
 * may have added it.
 */
export async function stepUpFactorsOf(ctx: ServerContext, caller: StepUpCaller): Promise<EligibleFactor[]> {
  const start = await sessionLoggedInAt(ctx, caller.app.id, caller.claims.sessionId);
  if (!start) return [];
  // The factor this session logged in with was made at its start at the latest: it counts.
  const before = (time: number) => time <= start.getTime();
  const factors: EligibleFactor[] = [];
  for (const account of caller.accounts) {
    const found = accountFactor(ctx.stepUpFactors, account);
    if (!found || !before(sinceOf(account))) continue;
    const { factor, kind } = found;
    if (kind.onePerUser && factors.some((f) => f.type === factor.type)) continue;
    factors.push(factor);
  }
  for (const kind of ctx.stepUpFactors) {
    for (const { factor, since } of (await kind.enrolled?.(ctx, caller)) ?? []) {
      if (before(since.getTime())) factors.push(factor);
    }
  }
  return factors;
}

/** The caller's factor `ref` names, or 422 `step_up_factor_not_allowed` (not theirs, or added in this session). */
export async function requireStepUpFactor(
  ctx: ServerContext,
  caller: StepUpCaller,
  ref: StepUpFactorRef,
): Promise<EligibleFactor> {
  const id = ref.id.trim().toLowerCase();
  // A factor that is one per user (passkeys) is named by its type alone.
  const anyId = ctx.stepUpFactors.find((k) => k.types.includes(ref.type))?.onePerUser === true;
  const found = (await stepUpFactorsOf(ctx, caller)).find(
    (f) => f.type === ref.type && (anyId || f.id.toLowerCase() === id),
  );
  if (!found) throw factorNotAllowed();
  return found;
}

/** The wire view of a factor. */
export const toWireFactor = ({ type, id, label }: EligibleFactor): WireStepUpFactor => ({ type, id, label });

/** The caller's linked accounts they had when this session's login happened (none when the session is unknown). */
export async function accountsBeforeSession(ctx: ServerContext, caller: StepUpCaller): Promise<LinkedAccountRow[]> {
  const start = await sessionLoggedInAt(ctx, caller.app.id, caller.claims.sessionId);
  return start === null ? [] : caller.accounts.filter((a) => sinceOf(a) <= start.getTime());
}

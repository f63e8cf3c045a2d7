import {
  LatchError,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  type StepUpFactorRef,
  type StepUpFactorType,
  type WireStepUpFactor,
} from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import { maskedContact } from '../../modules/wallets/custodyNotices.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import type { LinkedAccountRow } from '../identityTables.js';
import { isEmbeddedWallet } from '../users/accounts.js';
import { sessionLoggedInAt } from '../users/users.js';

/** A factor the caller may step up with, and what it stands on. */
export interface StepUpFactor extends WireStepUpFactor {
  /** The linked account behind it (email, sms, passkey, wallet, oauth); absent for totp and sms_mfa. */
  account?: LinkedAccountRow;
  /** sms_mfa: the enrolled phone (E.164). */
  phone?: string;
}

const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};

/** 422 `step_up_factor_not_allowed`. */
export const factorNotAllowed = (detail?: string) => new LatchError('step_up_factor_not_allowed', detail);

/**
 * When a linked account became the user's as it is now: the later of its creation and its first
 * verification (an email update keeps the row and restarts `first_verified_at`).
 */
const sinceOf = (a: Pick<LinkedAccountRow, 'created_at' | 'first_verified_at'>) =>
  Math.max(new Date(a.created_at).getTime(), new Date(a.first_verified_at).getTime());

const providerOf = (type: string): OAuthProvider | undefined =>
  OAUTH_PROVIDERS.find((provider) => type === `${provider}_oauth`);

/** The factor of one linked account, or undefined for a type that cannot step up (Telegram, custom token, embedded wallet…). */
function accountFactor(account: LinkedAccountRow): StepUpFactor | undefined {
  const key = account.account_key;
  if (account.type === 'email') {
    return { type: 'email', id: key, label: maskedContact({ channel: 'email', to: key }).destination, account };
  }
  if (account.type === 'phone') {
    return { type: 'sms', id: key, label: maskedContact({ channel: 'sms', to: key }).destination, account };
  }
  if (account.type === 'passkey') return { type: 'passkey', id: '', label: '', account };
  if (account.type === 'wallet' && !isEmbeddedWallet(account)) {
    const address = typeof account.details.address === 'string' ? account.details.address : key;
    return { type: 'wallet', id: address, label: `${address.slice(0, 6)}…${address.slice(-4)}`, account };
  }
  const provider = providerOf(account.type);
  return provider ? { type: 'oauth', id: provider, label: PROVIDER_NAMES[provider], account } : undefined;
}

/**
 * The factors the caller had when this session's login happened (its family's start: a refresh or a
 * fork does not move it), one per kind and identity: linked emails, phones, passkeys, external wallets
 * and OAuth accounts, and the TOTP / SMS MFA factors. A factor added since is left out: whoever holds
 * this session may have added it. Several passkeys are one factor (the assertion names which).
 */
export async function stepUpFactorsOf(
  ctx: ServerContext,
  caller: Pick<AuthenticatedUser, 'app' | 'claims' | 'accounts'>,
): Promise<StepUpFactor[]> {
  const start = await sessionLoggedInAt(ctx, caller.app.id, caller.claims.sessionId);
  if (!start) return [];
  // The factor this session logged in with was made at its start at the latest: it counts.
  const before = (time: number) => time <= start.getTime();
  const factors: StepUpFactor[] = [];
  for (const account of caller.accounts) {
    const factor = accountFactor(account);
    if (!factor || !before(sinceOf(account))) continue;
    if (factor.type === 'passkey' && factors.some((f) => f.type === 'passkey')) continue;
    factors.push(factor);
  }
  const mfa = await ctx.mfaFactors.get({ appId: caller.app.id, userId: caller.claims.userId });
  if (mfa.totp && before(mfa.totp.enrolledAt.getTime())) factors.push({ type: 'totp', id: '', label: '' });
  if (mfa.sms && before(mfa.sms.enrolledAt.getTime())) {
    const label = maskedContact({ channel: 'sms', to: mfa.sms.phone }).destination;
    factors.push({ type: 'sms_mfa', id: '', label, phone: mfa.sms.phone });
  }
  return factors;
}

/** The caller's factor `ref` names, or 422 `step_up_factor_not_allowed` (not theirs, or added in this session). */
export async function requireStepUpFactor(
  ctx: ServerContext,
  caller: Pick<AuthenticatedUser, 'app' | 'claims' | 'accounts'>,
  ref: StepUpFactorRef,
): Promise<StepUpFactor> {
  const id = ref.id.trim().toLowerCase();
  const found = (await stepUpFactorsOf(ctx, caller)).find(
    (f) => f.type === ref.type && (f.type === 'passkey' || f.id.toLowerCase() === id),
  );
  if (!found) throw factorNotAllowed();
  return found;
}

/** The caller's passkey credential ids that count as step-up factors (linked before this session). */
export async function stepUpPasskeyIds(
  ctx: ServerContext,
  caller: Pick<AuthenticatedUser, 'app' | 'claims' | 'accounts'>,
): Promise<Set<string>> {
  const before = await accountsBeforeSession(ctx, caller);
  return new Set(before.filter((a) => a.type === 'passkey').map((a) => a.account_key));
}

/** The wire view of a factor. */
export const toWireFactor = ({ type, id, label }: StepUpFactor): WireStepUpFactor => ({ type, id, label });

/** The factor types a code is typed for. */
export const CODE_FACTORS: ReadonlySet<StepUpFactorType> = new Set(['email', 'sms', 'sms_mfa', 'totp']);

/** The caller's linked accounts they had when this session's login happened (none when the session is unknown). */
export async function accountsBeforeSession(
  ctx: ServerContext,
  caller: Pick<AuthenticatedUser, 'app' | 'claims' | 'accounts'>,
): Promise<LinkedAccountRow[]> {
  const start = await sessionLoggedInAt(ctx, caller.app.id, caller.claims.sessionId);
  return start === null ? [] : caller.accounts.filter((a) => sinceOf(a) <= start.getTime());
}

import { randomBytes } from 'node:crypto';
import { eip155ChainNumber, LatchError, SIWE_NONCE_TTL_MS } from '@latch/protocol';
import type { Hex } from 'viem';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import {
  type EligibleFactor,
  factorNotAllowed,
  missingProof,
  type StepUpFactor,
} from '../../identity/stepUp/StepUpFactor.js';
import { isEmbeddedWallet } from '../../identity/users/accounts.js';
import type { ServerContext } from '../../kernel/context.js';
import { loadViem } from '../../kernel/lazy/loadViem.js';

/** The statement of a step-up message: what the signature is for (no login, no transaction). */
const STEP_UP_SIWE_STATEMENT =
  'By signing, you confirm it is really you before a change to your account. This does not initiate a transaction or cost any fees.';

interface StoredMessage {
  userId: string;
  sessionId: string;
  message: string;
  expiresAt: number;
}

// Step-up nonces live apart from login nonces (SiweNonces.ts): a step-up message never logs anyone in.
const key = (appId: string, nonce: string) => `step-up-siwe:${appId}:${nonce}`;
const NONCE_LINE = /^Nonce: ([0-9a-f]{32})$/m;

/** The origin the message is bound to: the request's, when the app allows it, else the app's first. */
function messageOrigin(app: AppRecord, requestOrigin: string | undefined): string {
  if (requestOrigin && app.allowedOrigins.includes(requestOrigin)) return requestOrigin;
  const first = app.allowedOrigins[0];
  if (!first) throw new LatchError('invalid_origin', 'The app has no allowed origin to bind the message to.');
  return first;
}

/**
 * Writes the EIP-4361 message the linked wallet `factor` signs to step up, with a fresh single-use nonce
 * bound to the caller's user and session (SIWE_NONCE_TTL_MS).
 */
async function stepUpWalletMessage(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  factor: EligibleFactor,
  origin: string,
): Promise<string> {
  const { getAddress } = await loadViem();
  const { createSiweMessage } = await import('viem/siwe');
  const nonce = randomBytes(16).toString('hex');
  const now = ctx.clock.now();
  const chainId = eip155ChainNumber(String(factor.account?.details.chain_id ?? '')) ?? 1;
  const message = createSiweMessage({
    domain: new URL(origin).host,
    address: getAddress(factor.id.toLowerCase()),
    statement: STEP_UP_SIWE_STATEMENT,
    uri: origin,
    version: '1',
    chainId,
    nonce,
    issuedAt: now,
  });
  const stored: StoredMessage = {
    userId: caller.claims.userId,
    sessionId: caller.claims.sessionId,
    message,
    expiresAt: now.getTime() + SIWE_NONCE_TTL_MS,
  };
  await ctx.shortLived.set(key(caller.app.id, nonce), JSON.stringify(stored), SIWE_NONCE_TTL_MS);
  return message;
}

const refused = () => new LatchError('invalid_credentials', 'The step-up message is unknown, expired or already used.');

/** Reads the stored message of `nonce` when it is this caller's, live, and exactly `message`. */
function matching(raw: string | null, caller: AuthenticatedUser, message: string, now: number): boolean {
  if (raw === null) return false;
  const stored = JSON.parse(raw) as StoredMessage;
  return (
    stored.userId === caller.claims.userId &&
    stored.sessionId === caller.claims.sessionId &&
    stored.message === message &&
    now < stored.expiresAt
  );
}

/**
 * Checks the signed step-up message: issued by `stepUpWalletMessage` to this session (its nonce, spent
 * once), and signed by the wallet `factor` (EOA or, with the chain's RPC URL, a contract wallet).
 * Another wallet's signature is 422 `step_up_factor_not_allowed`.
 */
async function verifyStepUpWallet(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  factor: EligibleFactor,
  message: string,
  signature: string,
): Promise<void> {
  const nonce = message.match(NONCE_LINE)?.[1];
  if (!nonce) throw refused();
  const now = () => ctx.clock.now().getTime();
  const verified = await ctx.siwe.verifySigned(caller.app, message, signature as Hex, async () => {
    if (!matching(await ctx.shortLived.get(key(caller.app.id, nonce)), caller, message, now())) throw refused();
  });
  if (!matching(await ctx.shortLived.take(key(caller.app.id, nonce)), caller, message, now())) throw refused();
  if (verified.address.toLowerCase() !== factor.id.toLowerCase()) throw factorNotAllowed();
}

/** Step-up with an external wallet linked before this session: it signs a step-up message (EIP-4361). */
export const walletStepUpFactor: StepUpFactor = {
  types: ['wallet'],
  ofAccount: (account) => {
    if (account.type !== 'wallet' || isEmbeddedWallet(account)) return undefined;
    const address = typeof account.details.address === 'string' ? account.details.address : account.account_key;
    return { type: 'wallet', id: address, label: `${address.slice(0, 6)}…${address.slice(-4)}`, account };
  },
  init: async (ctx, caller, factor, _body, request) => {
    const origin = messageOrigin(caller.app, request.origin);
    return { type: 'wallet', message: await stepUpWalletMessage(ctx, caller, factor, origin) };
  },
  verify: async (ctx, caller, factor, body) => {
    if (!body.message || !body.signature) throw missingProof('message, signature');
    return verifyStepUpWallet(ctx, caller, factor, body.message, body.signature);
  },
};

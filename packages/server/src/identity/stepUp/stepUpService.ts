import { LatchError, type StepUpInitResponse } from '@latch/protocol';
import type { StepUpInitBody, StepUpVerifyBody } from '@latch/protocol/schemas';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { checkWithAttempts, type FactorVerdict } from '../../modules/mfa/mfaAttempts.js';
import { totpVerdict } from '../../modules/mfa/mfaFactorChecks.js';
import { openTotpSecret } from '../../modules/mfa/totpSecret.js';
import { assertSmsSendAllowed } from '../../modules/passwordless/smsPolicy.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import { recordStepUp } from './StepUpRecords.js';
import { factorNotAllowed, requireStepUpFactor, type StepUpFactor } from './stepUpFactors.js';
import { requireStepUpOAuthAccount } from './stepUpOAuth.js';
import { stepUpPasskeyOptions, verifyStepUpPasskey } from './stepUpPasskey.js';
import { messageOrigin, stepUpWalletMessage, verifyStepUpWallet } from './stepUpWallet.js';

/** Where an init comes from: the client IP (send limits) and the Origin (the wallet message's). */
export interface StepUpRequest {
  ip: string;
  origin: string | undefined;
}

/**
 * Step-up inits one user may make (each stores a challenge, a message or a state, or sends a code):
 * far above a person retrying, far below a flood of the store. Codes also count against the send limits.
 */
export const STEP_UP_INIT_LIMIT: Limit = { points: 30, durationSec: 10 * 60 };

const ownerOf = (caller: AuthenticatedUser) => ({ appId: caller.app.id, userId: caller.claims.userId });
const missing = (field: string) => new LatchError('invalid_data', `This factor needs \`${field}\`.`);

/**
 * Starts a step-up with one of the caller's factors from before this session: sends a code (email, SMS,
 * SMS MFA; each under its send limits), or answers a passkey challenge, a message for the wallet to sign,
 * or the provider's authorization URL. TOTP needs nothing.
 */
export async function initStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  body: StepUpInitBody,
  request: StepUpRequest,
): Promise<StepUpInitResponse> {
  const factor = await requireStepUpFactor(ctx, caller, body.factor);
  const { app } = caller;
  await new KeyThrottle(ctx.shortLived.throttleBackend, 'step-up-init', STEP_UP_INIT_LIMIT).consume(
    `${app.id}:${caller.claims.userId}`,
  );
  switch (factor.type) {
    case 'email':
    case 'sms': {
      const channel = factor.type === 'email' ? 'email' : 'sms';
      if (channel === 'sms') await assertSmsSendAllowed(ctx, app, factor.id);
      await ctx.passwordless.send(app, channel, factor.id, request.ip, 'step-up');
      return { type: factor.type, destination: factor.label };
    }
    case 'sms_mfa': {
      const phone = factor.phone ?? '';
      await assertSmsSendAllowed(ctx, app, phone);
      await ctx.mfaSmsCodes.send(ownerOf(caller), app.name, 'verify', phone, request.ip);
      return { type: 'sms_mfa', destination: factor.label };
    }
    case 'totp':
      return { type: 'totp' };
    case 'passkey':
      return { type: 'passkey', options: await stepUpPasskeyOptions(ctx, caller) };
    case 'wallet': {
      const origin = messageOrigin(app, request.origin);
      return { type: 'wallet', message: await stepUpWalletMessage(ctx, caller, factor, origin) };
    }
    case 'oauth': {
      const { redirect_to, state_code, code_challenge } = body;
      if (!redirect_to || !state_code || !code_challenge) throw missing('redirect_to, state_code, code_challenge');
      const provider = factor.id as Parameters<ServerContext['oauth']['init']>[1]['provider'];
      const init = { provider, redirect_to, state_code, code_challenge };
      return { type: 'oauth', url: await ctx.oauth.init(app, init, request.ip, caller, 'step_up') };
    }
  }
}

/** A code check under the MFA attempt limits (mfaAttempts.ts); a wrong code keeps its factor's own error. */
async function checkCode(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  check: () => Promise<FactorVerdict>,
  wrong: () => LatchError,
): Promise<void> {
  try {
    await checkWithAttempts(ctx, ownerOf(caller), check);
  } catch (error) {
    if (error instanceof LatchError && error.code === 'missing_or_invalid_mfa') throw wrong();
    throw error;
  }
}

/** The verdict of a passwordless code check: wrong for a wrong, used or expired code. */
async function passwordlessVerdict(run: () => Promise<void>): Promise<FactorVerdict> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof LatchError && error.code === 'invalid_credentials') return 'wrong';
    throw error;
  }
}

/** Checks the proof of `factor` (throws on anything but a right answer). */
async function checkFactor(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  factor: StepUpFactor,
  body: StepUpVerifyBody,
): Promise<void> {
  const owner = ownerOf(caller);
  switch (factor.type) {
    case 'email':
    case 'sms': {
      const code = body.code ?? '';
      if (!code) throw missing('code');
      const channel = factor.type === 'email' ? 'email' : 'sms';
      const verify = () => ctx.passwordless.verify(caller.app.id, channel, factor.id, code, 'step-up');
      return checkCode(
        ctx,
        caller,
        () => passwordlessVerdict(verify),
        () => new LatchError('invalid_credentials'),
      );
    }
    case 'sms_mfa': {
      const code = body.code ?? '';
      if (!code) throw missing('code');
      const wrong = () => new LatchError('missing_or_invalid_mfa', 'The code you entered is not valid');
      return checkCode(ctx, caller, () => ctx.mfaSmsCodes.check(owner, 'verify', factor.phone ?? '', code), wrong);
    }
    case 'totp': {
      const code = body.code ?? '';
      if (!code) throw missing('code');
      const stored = (await ctx.mfaFactors.get(owner)).totp;
      if (!stored) throw factorNotAllowed();
      const secret = openTotpSecret(ctx.keyring, owner, 'enrolled', stored.sealed);
      const wrong = () => new LatchError('missing_or_invalid_mfa', 'The code you entered is not valid');
      return checkCode(ctx, caller, () => totpVerdict(ctx, owner, secret, code), wrong);
    }
    case 'passkey':
      if (!body.credential) throw missing('credential');
      return verifyStepUpPasskey(ctx, caller, body.credential);
    case 'wallet':
      if (!body.message || !body.signature) throw missing('message, signature');
      return verifyStepUpWallet(ctx, caller, factor, body.message, body.signature);
    case 'oauth': {
      const { authorization_code, state_code, code_verifier } = body;
      if (!authorization_code || !state_code || !code_verifier) {
        throw missing('authorization_code, state_code, code_verifier');
      }
      return requireStepUpOAuthAccount(ctx, caller, factor, { authorization_code, state_code, code_verifier });
    }
  }
}

/**
 * Verifies a step-up: the factor must be the caller's from before this session (422
 * `step_up_factor_not_allowed`), and its proof right; then stores the single-use record for
 * `body.action` bound to this session. Answers the action and the record's expiry.
 */
export async function verifyStepUp(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  body: StepUpVerifyBody,
): Promise<{ action: StepUpVerifyBody['action']; expires_at: number }> {
  const factor = await requireStepUpFactor(ctx, caller, body.factor);
  await checkFactor(ctx, caller, factor, body);
  const binding = { ctx, appId: caller.app.id, userId: caller.claims.userId, sessionId: caller.claims.sessionId };
  return { action: body.action, expires_at: await recordStepUp(binding, body.action) };
}

import { hkdfSync } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import type { FactorVerdict } from '../../identity/users/checkWithAttempts.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import type { SmsMessage } from '../../kernel/ports.js';
import { SendThrottle } from '../../kernel/throttle/SendThrottle.js';
import { sendLimitsFromEnv } from '../../kernel/throttle/sendLimitsFromEnv.js';
import { createCodeStore } from '../passwordless/createCodeStore.js';
import { type CodeScope, OneTimeCodes } from '../passwordless/OneTimeCodes.js';

/** What an SMS MFA code is for: verifying with the enrolled phone, or confirming a phone to enrol. */
export type MfaSmsKind = 'verify' | 'enroll';

const minutes = MFA_LIMIT.smsCodeTtlMs / 60_000;

/** The SMS carrying an MFA code: it says what the code is for, so nobody reads it out blind. */
function mfaSmsMessage(appName: string, to: string, code: string, kind: MfaSmsKind): SmsMessage {
  const what = kind === 'enroll' ? 'set up SMS verification' : 'verify your identity';
  return {
    to,
    code,
    text: `${code} is your code to ${what} at ${appName}. It expires in ${minutes} minutes. Don't share it.`,
  };
}

// `mfa:<appId>` is never a login code's app id (25 characters), so the store keys differ from login codes.
const scope = (owner: UserRef, kind: MfaSmsKind, phone: string): CodeScope => ({
  appId: `mfa:${owner.appId}`,
  channel: 'sms',
  target: `${owner.userId}:${kind}:${phone}`,
});
const sentKey = (owner: UserRef, kind: MfaSmsKind) => `mfa-sms-sent:${owner.appId}:${owner.userId}:${kind}`;

/**
 * SMS MFA codes: the one-time-code machinery with its own HMAC key (HKDF of the master key, info
 * `latch/mfa-codes/v1`) and namespace — an MFA code never logs in and a login code never verifies
 * MFA — a lifetime of MFA_LIMIT.smsCodeTtlMs, and the login sends' throttles (same counters: a phone
 * gets no more codes for being asked through MFA).
 */
export class MfaSmsCodes {
  constructor(
    private readonly ctx: Pick<ServerContext, 'shortLived' | 'clock' | 'delivery'>,
    private readonly codes: OneTimeCodes,
    private readonly throttle: SendThrottle,
  ) {}

  /** Sends a fresh code to `phone` (E.164) for `kind`; 429 `too_many_requests` past the send limits. */
  async send(owner: UserRef, appName: string, kind: MfaSmsKind, phone: string, ip: string): Promise<void> {
    const code = await this.codes.issue(scope(owner, kind, phone), ip, {
      throttle: this.throttle,
      target: `sms:${phone}`,
      ip,
    });
    // Remembered past its expiry, so an expired code answers mfa_timeout rather than a wrong code.
    const expiresAt = this.ctx.clock.now().getTime() + MFA_LIMIT.smsCodeTtlMs;
    await this.ctx.shortLived.set(sentKey(owner, kind), String(expiresAt), 3600 * 1000);
    await this.ctx.delivery.sendSms(mfaSmsMessage(appName, phone, code, kind));
  }

  /** Consumes a code sent to `phone` for `kind`: 'ok', 'wrong', or 'timeout' when the last code sent has expired. */
  async check(owner: UserRef, kind: MfaSmsKind, phone: string, code: string): Promise<FactorVerdict> {
    try {
      await this.codes.verify(scope(owner, kind, phone), code);
      await this.ctx.shortLived.delete(sentKey(owner, kind));
      return 'ok';
    } catch (error) {
      if (!(error instanceof LatchError) || error.code !== 'invalid_credentials') throw error;
    }
    const sent = await this.ctx.shortLived.get(sentKey(owner, kind));
    return sent !== null && Number(sent) <= this.ctx.clock.now().getTime() ? 'timeout' : 'wrong';
  }
}

/** Builds the SMS MFA codes of a server (services.ts). */
export function buildMfaSmsCodes(
  ctx: Pick<ServerContext, 'settings' | 'db' | 'shortLived' | 'clock' | 'delivery'>,
  masterKey: Buffer,
): MfaSmsCodes {
  const now = () => ctx.clock.now().getTime();
  const codes = new OneTimeCodes({
    store: createCodeStore(ctx.shortLived.throttleBackend, ctx.db, now),
    hmacKey: Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latch/mfa-codes/v1', 32)),
    now,
    ttlMs: MFA_LIMIT.smsCodeTtlMs,
  });
  // Malformed limits are reported once, by the login codes' builder.
  const limits = sendLimitsFromEnv(ctx.settings.sendLimits ?? {}).limits;
  return new MfaSmsCodes(ctx, codes, new SendThrottle(ctx.shortLived.throttleBackend, limits));
}

import { createHash, hkdfSync } from 'node:crypto';
import { CAPTCHA_POW, type CaptchaChallenge, type CaptchaSolution } from '@latch/protocol/captcha';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Clock } from '../../kernel/clock.js';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';
import { captchaRefusal } from './captchaRefusal.js';

/** The HKDF info of the challenges' HMAC key: its own purpose, derived from the master key. */
const KEY_INFO = 'latch/captcha-pow/v1';
/** A token longer than this is not an ALTCHA payload (base64 of a few hundred bytes of JSON). */
const MAX_TOKEN_LENGTH = 2048;

/** The HMAC key challenges are signed with: HKDF-SHA256 of the master key for this purpose only. */
export function powHmacKey(masterKey: Buffer): string {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), KEY_INFO, 32)).toString('hex');
}

/**
 * The self-hosted proof-of-work captcha (docs/captcha.md), built on altcha-lib's ALTCHA v1 challenges:
 * HMAC-signed under a key derived from the master key, bound to the app (`app=` in the salt, under the
 * signature), expiring after CAPTCHA_POW.challengeTtlSeconds, carrying their difficulty (`max=`), and single
 * use (the signature is recorded as spent in the short-lived store until the challenge expires).
 */
export class PowCaptcha {
  constructor(
    private readonly hmacKey: string,
    private readonly kv: ShortLivedStore,
    private readonly clock: Clock,
  ) {}

  /** A fresh challenge for `appId` at `maxNumber`. */
  async challenge(appId: string, maxNumber: number): Promise<CaptchaChallenge> {
    const expires = new Date(this.clock.now().getTime() + CAPTCHA_POW.challengeTtlSeconds * 1000);
    const challenge = await createChallenge({
      hmacKey: this.hmacKey,
      maxNumber,
      expires,
      params: { app: appId, max: String(maxNumber) },
    });
    return challenge as CaptchaChallenge;
  }

  /**
   * Checks a solution for `appId` whose difficulty is now `maxNumber`; throws invalid_captcha when it is
   * malformed, wrong, forged, another app's, expired, easier than the app's difficulty or reused (the client
   * then solves a fresh challenge). Spends the challenge.
   */
  async verify(appId: string, token: string, maxNumber: number): Promise<void> {
    const solution = parseSolution(token);
    if (!solution) throw captchaRefusal('invalid_captcha', 'The captcha token is not a proof-of-work solution.');
    // The salt's parameters are under the signature: checked once it holds. Expiry is checked against the
    // server's clock below (the library's own check reads Date.now()).
    if (!(await verifySolution(solution, this.hmacKey, false)))
      throw captchaRefusal('invalid_captcha', 'The proof-of-work solution is wrong or was not issued by this server.');
    const params = extractParams(solution);
    const expires = Number(params.expires);
    if (params.app !== appId) throw captchaRefusal('invalid_captcha', 'The captcha was solved for another app.');
    if (!Number.isSafeInteger(expires) || expires * 1000 <= this.clock.now().getTime())
      throw captchaRefusal('invalid_captcha', 'The captcha challenge has expired.');
    if (!(Number(params.max) >= maxNumber))
      throw captchaRefusal('invalid_captcha', 'The captcha challenge is easier than the app requires.');
    const spentFor = expires * 1000 - this.clock.now().getTime();
    const { count } = await this.kv.increment(`captcha:pow:${digest(solution.signature)}`, 1, spentFor);
    if (count > 1) throw captchaRefusal('invalid_captcha', 'The captcha token was already used.');
  }
}

/** The key a spent challenge is recorded under: a digest, so the store holds no signature. */
const digest = (signature: string) => createHash('sha256').update(signature).digest('base64url');

/** The ALTCHA payload in a token (base64 JSON), or null when it is not one. */
function parseSolution(token: string): CaptchaSolution | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (algorithm !== 'SHA-256' || typeof salt !== 'string' || salt.length > 512) return null;
  if (typeof challenge !== 'string' || !/^[0-9a-f]{64}$/.test(challenge)) return null;
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null;
  return { algorithm, challenge, number, salt, signature };
}

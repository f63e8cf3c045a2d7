import { createHash, randomUUID } from 'node:crypto';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';
import { captchaRefusal } from './captchaRefusal.js';

/** Cloudflare's siteverify, unless LATCH_TURNSTILE_SITEVERIFY_URL says otherwise (the dev stand-in). */
export const DEFAULT_TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** How long the server waits for siteverify before refusing with captcha_failure (503). */
export const TURNSTILE_VERIFY_TIMEOUT_MS = 5000;
/** A Turnstile token lives 300 s: a token seen once is refused for that long (and a margin). */
const TOKEN_LIFE_MS = 310_000;
/** Cloudflare documents tokens of at most 2048 characters. */
const MAX_TOKEN_LENGTH = 2048;

/** What one verification needs besides the token. */
export interface TurnstileCheck {
  secret: string;
  token: string;
  remoteIp: string | undefined;
  /** The hostnames the widget may run on: the app's allowed origins'. */
  hostnames: readonly string[];
  /** The action a widget may be rendered with: a token with another (non-empty) action is refused. */
  action: string;
}

/** siteverify's answer (Cloudflare's documented fields). */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
  hostname?: unknown;
  action?: unknown;
}

/**
 * Cloudflare Turnstile's server-side check (developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * the token is recorded as seen first (a token is refused the second time even if siteverify were to accept it),
 * then siteverify is asked with the app's secret, the client IP and an idempotency key, within
 * TURNSTILE_VERIFY_TIMEOUT_MS; the answer's hostname must be one of the app's and its action the expected one.
 */
export class TurnstileCaptcha {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly siteverifyUrl: string,
  ) {}

  /** Checks a token; throws invalid_captcha or captcha_failure (SPEC §8; docs/captcha.md "Errors"). */
  async verify(check: TurnstileCheck): Promise<void> {
    const { token } = check;
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))
      throw captchaRefusal('invalid_captcha', 'The captcha token is not a Turnstile token.');
    const seen = await this.kv.increment(
      `captcha:ts:${createHash('sha256').update(token).digest('base64url')}`,
      1,
      TOKEN_LIFE_MS,
    );
    if (seen.count > 1) throw captchaRefusal('invalid_captcha', 'The captcha token was already used.');
    const answer = await this.siteverify(check);
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    if (answer.success !== true) {
      if (codes.includes('timeout-or-duplicate'))
        throw captchaRefusal('invalid_captcha', 'The captcha token has expired or was already used.');
      if (codes.includes('invalid-input-response') || codes.includes('missing-input-response'))
        throw captchaRefusal('captcha_failure', 'The captcha provider did not accept the token.');
      // A bad secret, a bad request or the provider's internal error: the app's operator must act, not the user.
      throw captchaRefusal('captcha_failure', `The captcha provider refused the check (${codes.join(', ')}).`, 503);
    }
    if (typeof answer.hostname !== 'string' || !check.hostnames.includes(answer.hostname.toLowerCase()))
      throw captchaRefusal('invalid_captcha', 'The captcha was solved on a host this app does not allow.');
    if (typeof answer.action === 'string' && answer.action !== '' && answer.action !== check.action)
      throw captchaRefusal('invalid_captcha', 'The captcha was solved for another action.');
  }

  /** One siteverify call, bounded in time; an unreachable or broken provider is captcha_failure 503. */
  private async siteverify(check: TurnstileCheck): Promise<SiteverifyAnswer> {
    const body = new URLSearchParams({ secret: check.secret, response: check.token, idempotency_key: randomUUID() });
    if (check.remoteIp) body.set('remoteip', check.remoteIp);
    try {
      const response = await fetch(this.siteverifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(TURNSTILE_VERIFY_TIMEOUT_MS),
      });
      const answer: unknown = await response.json();
      if (!response.ok || !answer || typeof answer !== 'object') throw new Error(`status ${response.status}`);
      return answer as SiteverifyAnswer;
    } catch {
      throw captchaRefusal(
        'captcha_failure',
        'The captcha provider could not be reached. Please try again later.',
        503,
      );
    }
  }
}

/** One captcha provider in the browser, as the captcha's effects drive it (runCaptchaEffect.ts). */
export interface CaptchaDriver {
  /** Prepares the provider (loads Turnstile's script and renders its widget); safe to call again. */
  mount(): void;
  /** Runs the challenge: resolves with a token, rejects when it failed. */
  execute(): Promise<string>;
  /** Forgets the token in hand (spent, expired, refused). */
  reset(): void;
}

import type { CaptchaChallenge, CaptchaSolution } from '@latch/protocol/captcha';
import type { CaptchaDriver } from './captchaDriver.js';
import { solveInWorker } from './solveInWorker.js';

/** A solved challenge counts as expired this long before the server's expiry (the send must still reach it). */
export const POW_EXPIRY_MARGIN_MS = 30_000;

/**
 * The self-hosted proof-of-work (docs/captcha.md): fetches a challenge from the app's Latch server, solves it in a
 * worker, and answers ALTCHA's base64 payload as the token; `onExpired` when the challenge's expiry nears.
 */
export function powDriver(challenge: () => Promise<CaptchaChallenge>, onExpired: () => void): CaptchaDriver {
  let expiry: ReturnType<typeof setTimeout> | undefined;
  return {
    mount() {},
    async execute() {
      clearTimeout(expiry);
      const asked = await challenge();
      const started = Date.now();
      const number = await solveInWorker(asked);
      if (number === null) throw new Error('The proof-of-work challenge has no solution.');
      const { algorithm, salt, signature } = asked;
      const solution: CaptchaSolution = { algorithm, challenge: asked.challenge, number, salt, signature };
      solution.took = Date.now() - started;
      const expires = Number(/[?&]expires=(\d+)/.exec(salt)?.[1]);
      // (A delay past setTimeout's 32-bit range would fire at once: such a challenge never expires in a page's life.)
      const left = expires * 1000 - Date.now() - POW_EXPIRY_MARGIN_MS;
      if (left < 2 ** 31) expiry = setTimeout(onExpired, left);
      return btoa(JSON.stringify(solution));
    },
    reset() {
      clearTimeout(expiry);
    },
  };
}

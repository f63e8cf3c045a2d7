// The proof-of-work solver's module worker (@latch/core/captchaWorker): gets an ALTCHA challenge, answers its
// number (or null), so the page never blocks on the hashing (docs/captcha.md).
import type { CaptchaChallenge } from '@latch/protocol/captcha';
import { solvePow } from './solvePow.js';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<CaptchaChallenge>) => void) | null;
  postMessage(message: number | null): void;
};
scope.onmessage = (event) => scope.postMessage(solvePow(event.data));

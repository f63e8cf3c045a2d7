import type { CaptchaChallenge } from '@latch/protocol/captcha';
import { solvePow } from './solvePow.js';

/** Numbers tried per slice when no worker can start (the page then hashes between frames). */
export const POW_SLICE = 2_000;

/** Solves on the page in slices, yielding between them: only when the browser refuses the worker. */
async function solveInSlices(challenge: CaptchaChallenge): Promise<number | null> {
  for (let from = 0; from <= challenge.maxnumber; from += POW_SLICE) {
    const found = solvePow(challenge, from, from + POW_SLICE - 1);
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

/** Solves an ALTCHA challenge in a module worker (captchaWorker.ts), so the UI never blocks. */
export function solveInWorker(challenge: CaptchaChallenge): Promise<number | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./captchaWorker.js', import.meta.url), { type: 'module' });
  } catch {
    return solveInSlices(challenge);
  }
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(solveInSlices(challenge));
    };
    worker.postMessage(challenge);
  });
}

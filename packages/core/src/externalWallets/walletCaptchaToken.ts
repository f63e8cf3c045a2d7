import { TIMEOUT } from '@latch/protocol';
import type { FlowRunner } from '../auth/flowRunner.js';
import type { Clock } from '../clock.js';
import type { LatchState } from '../store.js';

/** What the SIWE init's captcha token is read from. */
export interface WalletCaptchaDeps {
  /** The client's state: whether the app has captcha on, and whether a bearer goes with the init. */
  getState(): Pick<LatchState, 'authenticated' | 'config'>;
  /** The modal's flow runner, whose captcha (SPEC §4) runs on LANDING and AWAITING_CONNECTION. */
  runner: Pick<FlowRunner, 'getState' | 'dispatch' | 'subscribe'>;
  clock: Clock;
}

/**
 * The captcha token of a SIWE init (SPEC §7: /siwe/init needs one when the app has captcha on and no bearer goes
 * with it), taken from the modal's captcha and spent there (single-use: the captcha runs again for the next init).
 * With no token yet, the captcha is run and its token awaited up to TIMEOUT.captchaWait; then the init goes without
 * one and the server refuses it (invalid_captcha). With captcha off, or signed in (a link), there is none.
 */
export function walletCaptchaToken(deps: WalletCaptchaDeps): () => Promise<string | undefined> {
  const { runner, clock } = deps;
  const current = () => runner.getState().captcha?.token ?? null;
  const spend = (token: string) => {
    runner.dispatch({ type: 'captchaSpent', token });
    return token;
  };
  return () => {
    const { authenticated, config } = deps.getState();
    if (!config?.captchaEnabled || authenticated) return Promise.resolve(undefined);
    const ready = current();
    if (ready) return Promise.resolve(spend(ready));
    return new Promise((resolve) => {
      const done = (token: string | null) => {
        stop();
        clock.clearTimeout(timer);
        resolve(token ? spend(token) : undefined);
      };
      const stop = runner.subscribe(() => {
        const token = current();
        if (token) done(token);
      });
      const timer = clock.setTimeout(() => done(null), TIMEOUT.captchaWait);
      // Not run yet (its initial delay): now.
      runner.dispatch({ type: 'captchaExecute' });
    });
  };
}

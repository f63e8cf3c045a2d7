import { parseCaptchaSiteKey } from '@latch/protocol/captcha';
import type { FlowActions } from '../auth/flowRunner.js';
import type { FlowEffect, FlowEvent } from '../auth/flowTypes.js';
import type { CaptchaDriver } from './captchaDriver.js';
import { powDriver } from './powDriver.js';
import { TURNSTILE_SCRIPT_URL, turnstileDriver } from './turnstileDriver.js';

interface Current {
  key: string;
  driver: CaptchaDriver | null;
  /** The run whose token is in hand: its expiry is reported with it (the flow ignores an older run's). */
  solvedRun: number;
}
// One driver per client, for the app's site key and script (a new key, e.g. after a config reload, a new driver).
const drivers = new WeakMap<FlowActions, Current>();

function driverFor(actions: FlowActions, dispatch: (event: FlowEvent) => void): Current {
  const config = actions.getState().config;
  const siteKey = config?.captchaSiteKey ?? null;
  const scriptUrl = config?.turnstileScriptUrl ?? TURNSTILE_SCRIPT_URL;
  const key = `${siteKey}|${scriptUrl}`;
  let current = drivers.get(actions);
  if (current?.key !== key) {
    const provider = parseCaptchaSiteKey(siteKey);
    const onExpired = () => dispatch({ type: 'captchaExpired', run: current?.solvedRun ?? 0 });
    const driver =
      provider.provider === 'turnstile'
        ? turnstileDriver(provider.siteKey, scriptUrl, onExpired)
        : provider.provider === 'pow'
          ? powDriver(() => actions.captchaChallenge(), onExpired)
          : null;
    current = { key, driver, solvedRun: 0 };
    drivers.set(actions, current);
  }
  return current;
}

/** Runs the captcha's effects (captchaFlow.ts) with the app's provider: Turnstile or the self-hosted proof-of-work. */
export function runCaptchaEffect(effect: FlowEffect, dispatch: (event: FlowEvent) => void, actions: FlowActions): void {
  if (effect.type !== 'captchaMount' && effect.type !== 'captchaRun' && effect.type !== 'captchaReset') return;
  const current = driverFor(actions, dispatch);
  const { driver } = current;
  if (effect.type === 'captchaMount') driver?.mount();
  else if (effect.type === 'captchaReset') driver?.reset();
  // SPEC §4: a site key with no known prefix: 'Unsupported captcha site key', nothing to run.
  else if (!driver) dispatch({ type: 'captchaFailed', run: effect.run, unsupported: true });
  else {
    const { run } = effect;
    driver.execute().then(
      (token) => {
        current.solvedRun = run;
        dispatch({ type: 'captchaSolved', run, token });
      },
      () => dispatch({ type: 'captchaFailed', run }),
    );
  }
}

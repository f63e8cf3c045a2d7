import { DELAY, LIMIT, TIMEOUT } from '@latch/protocol';
import type { AuthFlowState, CaptchaState, FlowEffect, FlowEvent, Transition } from '../auth/flowTypes.js';
// Screen ids as ScreenId-checked literals (as the social flow): importing SCREEN from this lazy module would give
// auth/screens.ts a chunk of its own in the page's first JavaScript.
import type { ScreenId } from '../auth/screens.js';

/** CAPTCHA_SCREEN (SPEC §2): 'Checking that you are a human...', 'Success!' or 'Something went wrong'. */
export const CAPTCHA_SCREEN: ScreenId = 'CAPTCHA_SCREEN';

/** The screens the captcha runs on, invisibly, from the moment they show (SPEC §2). */
const CAPTCHA_SCREENS: readonly (ScreenId | null)[] = ['LANDING', 'AWAITING_CONNECTION', 'CONNECT_OR_CREATE'];

/**
 * Polls of the token before captcha_timeout: every DELAY.captchaPolling for TIMEOUT.captchaWait (SPEC §4). The polls
 * are `timeout` effects: the 20 s is a deadline, which a test delay scale must not shorten (a slow solve would fail).
 */
export const CAPTCHA_POLLS = TIMEOUT.captchaWait / DELAY.captchaPolling;

/** The error codes whose ERROR_SCREEN button also resets the captcha (SPEC §8 invalid_captcha). */
const CAPTCHA_ERRORS = ['invalid_captcha', 'captcha_failure', 'captcha_timeout'];

const FRESH: CaptchaState = {
  status: 'ready',
  token: null,
  run: 0,
  failures: 0,
  hint: false,
  unsupported: false,
  pending: null,
  from: null,
  polls: 0,
};

/** What the rest of the flow does with an event: the runner's whole transition (code, passkey, social flows). */
export type FlowTransition = (state: AuthFlowState, event: FlowEvent) => Transition;

const captchaOf = (state: AuthFlowState): CaptchaState => state.captcha ?? FRESH;
const withCaptcha = (state: AuthFlowState, captcha: Partial<CaptchaState>): AuthFlowState => ({
  ...state,
  captcha: { ...captchaOf(state), ...captcha },
});
const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });

/** Runs the captcha now (a new run: a late answer of the previous one is ignored). */
function execute(state: AuthFlowState): Transition {
  const run = captchaOf(state).run + 1;
  return { state: withCaptcha(state, { status: 'loading', run }), effects: [{ type: 'captchaRun', run }] };
}

/** Forgets the token and runs the captcha again after DELAY.captchaAutoExecute (expiry, a spent token, a reset). */
function reset(state: AuthFlowState, failures = 0): Transition {
  const { run } = captchaOf(state);
  return {
    state: withCaptcha(state, { status: 'ready', token: null, run: run + 1, failures, hint: false }),
    effects: [
      { type: 'captchaReset' },
      { type: 'after', ms: DELAY.captchaAutoExecute, event: { type: 'captchaExecute' } },
    ],
  };
}

/** The init effect of a login that needs a token (SPEC §7), if `effects` has one. */
function gatedEffect(effects: FlowEffect[]): Extract<FlowEffect, { type: 'sendCode' | 'oauth' | 'telegram' }> | null {
  for (const effect of effects) {
    if ((effect.type === 'sendCode' || effect.type === 'telegram') && effect.intent === 'login') return effect;
    if (effect.type === 'oauth' && effect.intent === 'login' && !effect.returned) return effect;
  }
  return null;
}

/**
 * Telegram's popup needs a click of the user's own: after the captcha, the user clicks again. (The OAuth window
 * opens in the click, before the flow: its login goes on by itself.)
 */
const needsClick = (event: FlowEvent) => event.type === 'authorizeTelegram';

/** An init asked with no token: CAPTCHA_SCREEN, polling the token until it comes (SPEC §4 "Submit"). */
function waitForToken(state: AuthFlowState, event: FlowEvent): Transition {
  const captcha = captchaOf(state);
  const waiting = withCaptcha(
    { ...state, screen: CAPTCHA_SCREEN, previousScreen: state.screen },
    { pending: event, from: state.screen, polls: 0 },
  );
  const poll: FlowEffect = { type: 'after', ms: DELAY.captchaPolling, event: { type: 'captchaPoll' }, timeout: true };
  if (captcha.unsupported) return stay(waiting);
  // Not run yet (the initial delay), or given up: run it now.
  if (captcha.status === 'ready' || captcha.status === 'error') {
    const ran = execute(withCaptcha(waiting, { failures: 0, hint: false }));
    return { state: ran.state, effects: [...ran.effects, poll] };
  }
  return { state: waiting, effects: [poll] };
}

/** A poll while an init waits: the token came (go on), the retries ran out (stop), or 20 s passed (captcha_timeout). */
function poll(state: AuthFlowState, inner: FlowTransition): Transition {
  const captcha = captchaOf(state);
  const { pending, from } = captcha;
  if (!pending || state.screen !== CAPTCHA_SCREEN) return stay(state);
  if (captcha.status === 'success' && captcha.token) {
    const back = withCaptcha({ ...state, screen: from, previousScreen: state.previousScreen }, { pending: null });
    // A popup must open in the user's click: back to where they clicked, with the token ready.
    if (needsClick(pending)) return stay(back);
    return gate(back, pending, inner);
  }
  // The retries ran out: polling stops; CAPTCHA_SCREEN's button runs it again for the same init.
  if (captcha.status === 'error') return stay(state);
  if (captcha.polls + 1 >= CAPTCHA_POLLS) {
    const error = { code: 'captcha_timeout', message: 'Something went wrong! Please try again later.' };
    return stay(
      withCaptcha(
        { ...state, screen: 'ERROR_SCREEN', previousScreen: from, error },
        { pending: null, status: 'error', token: null },
      ),
    );
  }
  return {
    state: withCaptcha(state, { polls: captcha.polls + 1 }),
    effects: [{ type: 'after', ms: DELAY.captchaPolling, event: { type: 'captchaPoll' }, timeout: true }],
  };
}

/** An event of the rest of the flow: its login init takes the token (spent: the captcha runs again for the next). */
function gate(state: AuthFlowState, event: FlowEvent, inner: FlowTransition): Transition {
  const next = inner(state, event);
  const effect = gatedEffect(next.effects);
  if (!effect) return next;
  const { token } = captchaOf(state);
  if (!token) return waitForToken(state, event);
  effect.captchaToken = token;
  const again = reset(next.state);
  return { state: again.state, effects: [...next.effects, ...again.effects] };
}

/**
 * The captcha flow (SPEC §4 "Captcha"), around the rest of the modal flow while the app has captcha on: it runs
 * invisibly on LANDING and AWAITING_CONNECTION (1 s after they show), retries a failure 3 times after 500 ms each
 * then shows the adblocker / VPN hint, runs again when the token expires or is spent, and holds a login init with
 * no token on CAPTCHA_SCREEN until one comes (polled every 200 ms, captcha_timeout after 20 s).
 */
export function captchaTransition(state: AuthFlowState, event: FlowEvent, inner: FlowTransition): Transition {
  if (event.type === 'open') {
    const opened = inner(state, event);
    if (event.intent !== 'login' || !CAPTCHA_SCREENS.includes(event.screen)) return opened;
    return {
      state: { ...opened.state, captcha: FRESH },
      effects: [
        ...opened.effects,
        { type: 'captchaMount' },
        { type: 'after', ms: DELAY.captchaInitial, event: { type: 'captchaExecute' } },
      ],
    };
  }
  const live = state.phase === 'open' || state.phase === 'opening';
  const captcha = state.captcha;
  if (!captcha || !live) return event.type.startsWith('captcha') ? stay(state) : inner(state, event);
  switch (event.type) {
    case 'captchaExecute':
      return captcha.status === 'ready' && !captcha.unsupported ? execute(state) : stay(state);
    case 'captchaSolved':
      if (event.run !== captcha.run) return stay(state);
      return stay(withCaptcha(state, { status: 'success', token: event.token, failures: 0, hint: false }));
    case 'captchaFailed': {
      if (event.run !== captcha.run) return stay(state);
      if (event.unsupported) return stay(withCaptcha(state, { status: 'error', unsupported: true }));
      const failures = captcha.failures + 1;
      if (failures > LIMIT.captchaRetries)
        return stay(withCaptcha(state, { status: 'error', token: null, failures, hint: true }));
      // A retry: the same as a reset, counting the failure.
      return reset(state, failures);
    }
    case 'captchaExpired':
      return event.run === captcha.run ? reset(state) : stay(state);
    case 'captchaPoll':
      return poll(state, inner);
    case 'captchaSpent':
      // The wallet flow's SIWE init took the token: it runs again for the next init.
      return captcha.token === event.token ? reset(state) : stay(state);
    case 'captchaRetry': {
      // CAPTCHA_SCREEN's button after the retries ran out: again, still waiting for the init it holds.
      if (captcha.unsupported || captcha.status !== 'error') return stay(state);
      const ran = execute(withCaptcha(state, { failures: 0, hint: false, polls: 0 }));
      const pollAgain: FlowEffect[] = captcha.pending
        ? [{ type: 'after', ms: DELAY.captchaPolling, event: { type: 'captchaPoll' }, timeout: true }]
        : [];
      return { state: ran.state, effects: [...ran.effects, ...pollAgain] };
    }
    case 'errorAction': {
      const next = inner(state, event);
      if (!CAPTCHA_ERRORS.includes(state.error?.code ?? '')) return next;
      // SPEC §8 invalid_captcha: the button also resets the captcha.
      const again = reset(next.state);
      return { state: again.state, effects: [...next.effects, ...again.effects] };
    }
    case 'back':
      if (state.screen !== CAPTCHA_SCREEN) return inner(state, event);
      return stay(
        withCaptcha({ ...state, screen: captcha.from ?? 'LANDING', previousScreen: null }, { pending: null }),
      );
  }
  return gate(state, event, inner);
}

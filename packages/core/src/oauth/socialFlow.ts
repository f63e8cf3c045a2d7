import { DELAY, errorRedirect, type OAuthProvider, type User } from '@latch/protocol';
import type { FlowActions, FlowHandlers } from '../auth/flowRunner.js';
import type {
  AuthFlowState,
  FarcasterEvent,
  FlowEffect,
  FlowEvent,
  SocialEvent,
  SocialFlowState,
  SocialMethod,
  Transition,
} from '../auth/flowTypes.js';
// Screen ids as ScreenId-checked literals, not SCREEN's values: a lazy module importing SCREEN gave auth/screens.ts
// an initial chunk of its own (the page's first JavaScript: about 80 B gzip more).
import type { ScreenId } from '../auth/screens.js';
import { runFarcasterEffect } from '../farcaster/farcasterEffect.js';
import { farcasterTransition } from '../farcaster/farcasterFlow.js';
import type { FlowError } from '../machine/flowError.js';
import { isInAppBrowser } from './inAppBrowser.js';
import { openOAuthPopup, takeOAuthPopup } from './openOAuthPopup.js';
import { authorizeTelegram, type TelegramLoginWidget } from './telegramLogin.js';

/**
 * The auth flow's own steps this flow ends in, handed in by the runner (so that this lazily loaded module imports
 * none of the initial flow code), and the browser's user agent.
 */
export interface SocialFlowSteps {
  afterLogin(state: AuthFlowState, user: User, isNewUser: boolean, moveMs?: number): Transition;
  navigate(state: AuthFlowState, screen: ScreenId): AuthFlowState;
  showError(state: AuthFlowState, error: FlowError): AuthFlowState;
  userAgent: string;
}

const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });
const busy = (social: SocialFlowState) => social.status === 'pending' || social.status === 'done';
const withSocial = (state: AuthFlowState, social: Partial<SocialFlowState>): AuthFlowState => ({
  ...state,
  social: { ...state.social, ...social },
});

function startOAuth(
  state: AuthFlowState,
  event: Extract<SocialEvent, { type: 'startOAuth' }>,
  { navigate, userAgent }: SocialFlowSteps,
): Transition {
  // From LANDING (login), a link opened for the provider, or Retry; one round trip at a time.
  if (state.intent === 'update' || busy(state.social)) return stay(state);
  const { provider } = event;
  if (provider === 'google' && isInAppBrowser(userAgent)) {
    // SPEC §5: Google refuses embedded browsers; the user is asked to open the page in their browser.
    return stay(withSocial(navigate(state, 'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE'), { method: provider, error: null }));
  }
  const attempt = state.social.attempt + 1;
  const effect: FlowEffect = { type: 'oauth', provider, intent: state.intent, attempt };
  if (event.returned) effect.returned = event.returned;
  return {
    state: withSocial(navigate(state, 'AWAITING_OAUTH_SCREEN'), {
      status: 'pending',
      method: provider,
      attempt,
      error: null,
    }),
    effects: [effect],
  };
}

function startTelegram(state: AuthFlowState, { navigate }: SocialFlowSteps): Transition {
  if (state.intent === 'update' || busy(state.social)) return stay(state);
  return {
    state: withSocial(navigate(state, 'TELEGRAM_AUTH_SCREEN'), { status: 'idle', method: 'telegram', error: null }),
    effects: [{ type: 'loadTelegramScript' }],
  };
}

function authorize(state: AuthFlowState): Transition {
  const { social } = state;
  if (state.screen !== 'TELEGRAM_AUTH_SCREEN' || social.method !== 'telegram' || busy(social)) return stay(state);
  const attempt = social.attempt + 1;
  return {
    state: withSocial(state, { status: 'pending', attempt, error: null }),
    effects: [{ type: 'telegram', intent: state.intent, attempt }],
  };
}

/** SPEC §4 "Login versus link": a login goes on to consent / wallet creation / close, each after 1400 ms; a link closes. */
function succeeded(state: AuthFlowState, user: User, isNewUser: boolean, steps: SocialFlowSteps): Transition {
  const done = withSocial(state, { status: 'done' });
  if (state.intent === 'login') return steps.afterLogin(done, user, isNewUser, DELAY.successClose);
  return {
    state: { ...done, user, succeeded: true },
    effects: [{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }],
  };
}

function failed(state: AuthFlowState, error: FlowError, steps: SocialFlowSteps): Transition {
  const next = withSocial(state, { status: 'error', error });
  // The allowlist and user-limit refusals have their own screens (SPEC §8); the rest show here, with Retry.
  return stay(errorRedirect(error.code) ? steps.showError(next, error) : next);
}

const isTelegram = (method: SocialMethod | null) => method === 'telegram';

/**
 * AWAITING_OAUTH_SCREEN, TELEGRAM_AUTH_SCREEN and IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (SPEC §3 "OAuth and Telegram"):
 * pending, then success (the post-login steps) or the error with Retry. Only the answer of the live attempt counts.
 */
function socialTransition(state: AuthFlowState, any: SocialEvent, steps: SocialFlowSteps): Transition {
  // A closed or closing modal ignores everything (late answers, a click that raced the close).
  if (state.phase !== 'open' && state.phase !== 'opening') return stay(state);
  // Farcaster (its own file; loaded with this flow, a Farcaster button being one of the social buttons).
  if (/farcaster/i.test(any.type)) return farcasterTransition(state, any as FarcasterEvent, steps);
  const event = any as Exclude<SocialEvent, FarcasterEvent>;
  switch (event.type) {
    case 'startOAuth':
      return startOAuth(state, event, steps);
    case 'startTelegram':
      return startTelegram(state, steps);
    case 'authorizeTelegram':
      return authorize(state);
  }
  const { social } = state;
  const telegramEvent = event.type === 'telegramSucceeded' || event.type === 'telegramFailed';
  if (social.status !== 'pending' || event.attempt !== social.attempt || isTelegram(social.method) !== telegramEvent) {
    return stay(state);
  }
  if (event.type === 'oauthFailed' || event.type === 'telegramFailed') return failed(state, event.error, steps);
  return succeeded(state, event.user, event.isNewUser, steps);
}

/** socialTransition with the browser's user agent (the runner's entry: it reads no browser global itself). */
export function socialBrowserTransition(
  state: AuthFlowState,
  event: SocialEvent,
  steps: Omit<SocialFlowSteps, 'userAgent'>,
): Transition {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return socialTransition(state, event, { ...steps, userAgent });
}

const asLinked = (user: User) => ({ user, isNewUser: false });

/** Runs an `oauth` effect: finishes a returned redirect, or starts a round trip in the popup opened by the click. */
function runOAuthEffect(
  actions: FlowActions,
  effect: Extract<FlowEffect, { type: 'oauth' }>,
): Promise<{ user: User; isNewUser: boolean }> {
  const intent = effect.intent === 'link' ? 'link' : 'login';
  if (effect.returned) return actions.completeOAuthRedirect(effect.returned, intent);
  // Opened by the click that started this (null: blocked, so by redirect); else opened now, still inside the click
  // when this flow was loaded before it (Latch.linkOAuth, or a dialog that preloaded it).
  const taken = takeOAuthPopup();
  const options = { mode: 'popup' as const, popup: taken === undefined ? openOAuthPopup() : taken };
  const provider: OAuthProvider = effect.provider;
  if (intent === 'link') return actions.linkOAuth(provider, options).then(asLinked);
  const { captchaToken } = effect;
  return actions.loginWithOAuth(provider, captchaToken ? { ...options, captchaToken } : options);
}

/**
 * Runs a `telegram` effect: opens Telegram's popup synchronously (the effect runs inside the screen's click), then
 * logs in or links with its result.
 */
function runTelegramEffect(
  actions: FlowActions,
  effect: Extract<FlowEffect, { type: 'telegram' }>,
  widget: TelegramLoginWidget | undefined = (globalThis as { LatchTelegramLogin?: TelegramLoginWidget })
    .LatchTelegramLogin,
): Promise<{ user: User; isNewUser: boolean }> {
  const bot = actions.getState().config?.loginConfig.telegram;
  return authorizeTelegram(bot, widget).then((result) =>
    effect.intent === 'link'
      ? actions.linkTelegram(result).then(asLinked)
      : actions.loginWithTelegram(result, effect.captchaToken),
  );
}

/** Runs the flow's `oauth`, `telegram`, `farcaster` and `loadTelegramScript` effects; `settle` turns answers into events. */
export function runSocialEffect(
  actions: FlowActions,
  effect: Extract<FlowEffect, { type: 'oauth' | 'telegram' | 'farcaster' | 'loadTelegramScript' }>,
  settle: <T>(promise: Promise<T>, ok: (value: T) => FlowEvent, fail: (error: FlowError) => FlowEvent) => void,
  handlers: () => FlowHandlers = () => ({}),
): void {
  if (effect.type === 'farcaster') {
    runFarcasterEffect(actions, effect, settle, handlers);
    return;
  }
  if (effect.type === 'loadTelegramScript') {
    // A script that fails to load shows when the user clicks: 'Telegram was not initialized'.
    actions.loadTelegramScript().catch(() => undefined);
    return;
  }
  const { attempt } = effect;
  const telegram = effect.type === 'telegram';
  settle(
    telegram ? runTelegramEffect(actions, effect) : runOAuthEffect(actions, effect),
    ({ user, isNewUser }) => ({ type: telegram ? 'telegramSucceeded' : 'oauthSucceeded', attempt, user, isNewUser }),
    (error) => ({ type: telegram ? 'telegramFailed' : 'oauthFailed', attempt, error }),
  );
}

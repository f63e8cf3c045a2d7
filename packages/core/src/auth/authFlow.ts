import { DELAY, errorRedirect, type User } from '@latch/protocol';
import type { AuthFlowState, FlowEvent, OtpChannel, Transition } from './flowTypes.js';
import {
  closeModal,
  INITIAL_OTP,
  INITIAL_PASSKEY,
  INITIAL_SOCIAL,
  initialAuthFlowState,
  navigate,
  openModal,
  showError,
  startScreen,
} from './modalNavigation.js';
import { SCREEN } from './screens.js';
import { codeSubmitError, codeValidationError, isValidEmail } from './validation.js';

const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });

/** True when the app wants an embedded wallet for this user and a creator is registered (SPEC §4 "Code entry"). */
export function needsEmbeddedWallet(state: AuthFlowState, user: User): boolean {
  const { createOnLogin, canCreateEmbeddedWallet } = state.context;
  if (!canCreateEmbeddedWallet || state.intent !== 'login') return false;
  if (createOnLogin === 'all-users') return true;
  return createOnLogin === 'users-without-wallets' && !user.wallet;
}

/** True when the user must still accept the terms before the login completes. */
export function needsConsent(state: AuthFlowState, user: User): boolean {
  return state.intent === 'login' && state.context.requireUsersAcceptTerms && !user.hasAcceptedTerms;
}

/**
 * After any login (a code, a passkey): 'Success!', then consent after 900 ms, else wallet creation after 900 ms,
 * else close after 1400 ms. OAuth and Telegram pass `moveMs` 1400: each of their moves waits 1400 ms (SPEC §4).
 */
export function afterLogin(
  state: AuthFlowState,
  user: User,
  isNewUser: boolean,
  moveMs: number = DELAY.beforeConsentOrWalletCreate,
): Transition {
  const next: AuthFlowState = { ...state, user, isNewUser };
  if (needsConsent(next, user)) {
    return {
      state: next,
      effects: [{ type: 'after', ms: moveMs, event: { type: 'showConsent' } }],
    };
  }
  const done = { ...next, succeeded: true };
  if (needsEmbeddedWallet(next, user)) {
    return {
      state: done,
      effects: [{ type: 'after', ms: moveMs, event: { type: 'createEmbeddedWallet' } }],
    };
  }
  return { state: done, effects: [{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }] };
}

function sendCode(state: AuthFlowState, channel: OtpChannel, destination: string): Transition {
  if (state.otp.status === 'sending-code' || state.otp.status === 'submitting-code') return stay(state);
  return {
    state: { ...state, otp: { ...state.otp, status: 'sending-code', channel, destination, error: null } },
    effects: [{ type: 'sendCode', channel, destination, intent: state.intent }],
  };
}

function submitCode(state: AuthFlowState, code: string): Transition {
  const { otp } = state;
  if (otp.status !== 'awaiting-code-input' || !otp.channel || !otp.destination) return stay(state);
  const invalid = codeValidationError(code);
  if (invalid) return stay({ ...state, otp: { ...otp, error: { code: invalid } } });
  return {
    state: { ...state, otp: { ...otp, status: 'submitting-code', error: null } },
    effects: [
      {
        type: 'submitCode',
        channel: otp.channel,
        intent: state.intent,
        destination: otp.destination,
        previousAddress: otp.previousAddress,
        code: code.trim(),
        ...(state.request?.disableSignup ? { disableSignup: true } : {}),
      },
    ],
  };
}

/** 'Success!' under the code boxes, then the post-login steps. */
function codeAccepted(state: AuthFlowState, user: User, isNewUser: boolean): Transition {
  return afterLogin({ ...state, otp: { ...state.otp, status: 'done' } }, user, isNewUser);
}

function codeRejected(state: AuthFlowState, event: Extract<FlowEvent, { type: 'codeRejected' }>): Transition {
  // A screen of its own, or ERROR_SCREEN for a login refused as a sign-up (nothing to retry with this code).
  if (errorRedirect(event.error.code) || event.error.code === 'signup_disabled') {
    return stay(showError(state, event.error));
  }
  return {
    state: { ...state, otp: { ...state.otp, status: 'error', error: codeSubmitError(event.error) } },
    effects: [{ type: 'after', ms: DELAY.codeBoxesClearAfterFailure, event: { type: 'clearCode' } }],
  };
}

function afterConsent(state: AuthFlowState, user: User): Transition {
  const next = { ...state, user, succeeded: true };
  if (needsEmbeddedWallet(next, user)) return { state: next, effects: [{ type: 'createEmbeddedWallet', user }] };
  return closeModal(next);
}

/** The modal flow: navigation, the one-time-code flow, email and phone login, link, and the post-login steps. */
export function authFlowTransition(state: AuthFlowState, event: FlowEvent): Transition {
  if (event.type === 'open') return openModal(event);
  if (event.type === 'configure') return stay({ ...state, context: event.context });
  if (event.type === 'cleared')
    return state.phase === 'closing' ? stay({ ...initialAuthFlowState(), context: state.context }) : stay(state);
  if (event.type === 'shown') return state.phase === 'opening' ? stay({ ...state, phase: 'open' }) : stay(state);
  // A closed or closing modal ignores everything else (late replies, stale timers).
  if (state.phase !== 'open' && state.phase !== 'opening') return stay(state);

  switch (event.type) {
    case 'close':
      if (state.screen === SCREEN.consent) return authFlowTransition(state, { type: 'declineTerms' });
      return closeModal(state);
    case 'navigate':
      return stay(navigate(state, event.screen));
    case 'back':
      return stay({
        ...navigate(state, state.previousScreen ?? startScreen(state)),
        otp: { ...INITIAL_OTP, previousAddress: state.otp.previousAddress },
        // Leaving the passkey screen abandons its ceremony: a late answer of it is ignored (same attempt, not pending).
        passkey: { ...INITIAL_PASSKEY, attempt: state.passkey.attempt },
        social: { ...INITIAL_SOCIAL, attempt: state.social.attempt },
        error: null,
      });
    case 'errorAction': {
      const target = state.screen === SCREEN.error ? (state.previousScreen ?? startScreen(state)) : startScreen(state);
      return stay({
        ...navigate(state, target),
        error: null,
        otp: { ...INITIAL_OTP, previousAddress: state.otp.previousAddress },
      });
    }
    case 'submitEmail':
      if (!isValidEmail(event.email)) return stay(state);
      return sendCode(state, 'email', event.email.trim().toLowerCase());
    case 'submitPhone':
      return sendCode(state, 'sms', event.phone);
    case 'resendCode':
      if (!state.otp.channel || !state.otp.destination) return stay(state);
      return sendCode(state, state.otp.channel, state.otp.destination);
    case 'codeSent':
      if (state.otp.status !== 'sending-code') return stay(state);
      return stay({ ...navigate(state, SCREEN.awaitingCode), otp: { ...state.otp, status: 'awaiting-code-input' } });
    case 'sendFailed':
      return stay(showError(state, event.error));
    case 'submitCode':
      return submitCode(state, event.code);
    case 'codeAccepted':
      if (state.otp.status !== 'submitting-code') return stay(state);
      return codeAccepted(state, event.user, event.isNewUser);
    case 'codeRejected':
      if (state.otp.status !== 'submitting-code') return stay(state);
      return codeRejected(state, event);
    case 'clearCode':
      if (state.otp.status !== 'error' || state.screen !== SCREEN.awaitingCode) return stay(state);
      return stay({
        ...state,
        otp: { ...state.otp, status: 'awaiting-code-input', clearCount: state.otp.clearCount + 1 },
      });
    case 'showConsent':
      return stay(navigate(state, SCREEN.consent));
    case 'createEmbeddedWallet':
      if (!state.user) return stay(state);
      return {
        state: navigate(state, SCREEN.embeddedWalletOnCreate),
        effects: [{ type: 'createEmbeddedWallet', user: state.user }],
      };
    case 'walletCreated':
      // EMBEDDED_WALLET_CREATED_SCREEN, then close after 2500 ms (SPEC §4 "Sign").
      if (state.screen !== SCREEN.embeddedWalletOnCreate) return stay(state);
      return {
        state: navigate({ ...state, user: event.user, succeeded: true }, SCREEN.embeddedWalletCreated),
        effects: [{ type: 'after', ms: DELAY.walletCreatedClose, event: { type: 'finish' } }],
      };
    case 'finish':
      return closeModal(state);
    case 'acceptTerms':
      if (state.screen !== SCREEN.consent) return stay(state);
      return { state, effects: [{ type: 'acceptTerms' }] };
    case 'termsAccepted':
      return afterConsent(state, event.user);
    case 'declineTerms': {
      // 'No thanks' leaves the user signed out: the login is not complete without the terms.
      const closed = closeModal({ ...state, succeeded: false });
      return { state: closed.state, effects: [{ type: 'logout' }, ...closed.effects] };
    }
    case 'postLoginFailed':
      // A login whose last steps failed is not a login: sign the user out and say so.
      return {
        state: { ...navigate(state, SCREEN.loginFailed), error: event.error, succeeded: false },
        effects: [{ type: 'logout' }],
      };
  }
  return stay(state);
}

import { DELAY, errorRedirect } from '@latch/protocol';
import type { FlowError } from '../machine/flowError.js';
import type {
  AuthFlowState,
  FlowContext,
  FlowEvent,
  OtpState,
  PasskeyFlowState,
  SocialFlowState,
  Transition,
} from './flowTypes.js';
import { SCREEN, type ScreenId } from './screens.js';

/** The one-time-code flow before anything was sent. */
export const INITIAL_OTP: OtpState = {
  status: 'initial',
  channel: null,
  destination: null,
  previousAddress: null,
  error: null,
  clearCount: 0,
};

/** No OAuth or Telegram login yet. */
export const INITIAL_SOCIAL: SocialFlowState = { status: 'idle', method: null, attempt: 0, error: null };

/** No passkey ceremony yet. */
export const INITIAL_PASSKEY: PasskeyFlowState = { status: 'idle', operation: null, attempt: 0, error: null };

const NO_CONTEXT: FlowContext = {
  requireUsersAcceptTerms: false,
  createOnLogin: 'off',
  canCreateEmbeddedWallet: false,
};

/** The closed modal with no flow in progress. */
export function initialAuthFlowState(): AuthFlowState {
  return {
    phase: 'closed',
    screen: null,
    previousScreen: null,
    intent: 'login',
    otp: INITIAL_OTP,
    passkey: INITIAL_PASSKEY,
    social: INITIAL_SOCIAL,
    error: null,
    user: null,
    isNewUser: false,
    succeeded: false,
    context: NO_CONTEXT,
    request: null,
  };
}

/** Sets the screen, then opens the dialog 15 ms later (SPEC §2); a new flow replaces any old one. */
export function openModal(event: Extract<FlowEvent, { type: 'open' }>): Transition {
  const state: AuthFlowState = {
    ...initialAuthFlowState(),
    phase: 'opening',
    screen: event.screen,
    intent: event.intent,
    context: event.context,
    otp: { ...INITIAL_OTP, previousAddress: event.previousAddress ?? null },
    request: event.request ?? null,
  };
  return {
    state,
    effects: [{ type: 'cancelTimers' }, { type: 'after', ms: DELAY.modalOpen, event: { type: 'shown' } }],
  };
}

/** Moves to a screen, remembering the one it leaves. */
export function navigate(state: AuthFlowState, screen: ScreenId): AuthFlowState {
  if (state.screen === screen) return state;
  return { ...state, screen, previousScreen: state.screen };
}

/** The screen a flow starts on for its intent, used as the fallback for back and error actions. */
export function startScreen(state: AuthFlowState): ScreenId {
  if (state.intent === 'link') return state.otp.channel === 'sms' ? SCREEN.linkPhone : SCREEN.linkEmail;
  if (state.intent === 'update') return SCREEN.updateEmail;
  return SCREEN.landing;
}

/** Shows an error: the allowlist or user-limit screen when SPEC §8 redirects it, else ERROR_SCREEN. */
export function showError(state: AuthFlowState, error: FlowError): AuthFlowState {
  const redirect = errorRedirect(error.code);
  const from = state.screen;
  return {
    ...navigate(state, redirect ?? SCREEN.error),
    // The screen to return to is the one where the user acted, not the code screen they were on.
    previousScreen: from === SCREEN.awaitingCode ? startScreen(state) : from,
    error,
    otp: { ...state.otp, status: 'error' },
  };
}

/** Closes the dialog, reports the outcome and clears the flow 200 ms later (SPEC §2, §4). */
export function closeModal(state: AuthFlowState): Transition {
  const effects: Transition['effects'] = [{ type: 'cancelTimers' }];
  if (state.succeeded && state.user) {
    effects.push({ type: 'reportComplete', intent: state.intent, user: state.user, isNewUser: state.isNewUser });
  } else {
    effects.push({ type: 'reportExit', error: state.intent === 'login' ? 'exited_auth_flow' : 'exited_link_flow' });
  }
  effects.push({ type: 'after', ms: DELAY.authFlowClear, event: { type: 'cleared' } });
  return { state: { ...state, phase: 'closing' }, effects };
}

import { errorRedirect } from '@latch/protocol';
import type { AuthFlowState, FlowEvent, PasskeyOperation, Transition } from './flowTypes.js';
import { navigate, showError } from './modalNavigation.js';
import { afterLogin } from './postLogin.js';
import { SCREEN } from './screens.js';

type PasskeyEvent = Extract<FlowEvent, { type: 'startPasskey' | 'passkeySucceeded' | 'passkeyFailed' }>;

const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });
const logsIn = (operation: PasskeyOperation | null) => operation === 'login' || operation === 'signup';

function start(state: AuthFlowState, event: Extract<PasskeyEvent, { type: 'startPasskey' }>): Transition {
  const { passkey } = state;
  const { operation } = event;
  if (passkey.status === 'done') return stay(state);
  if (logsIn(operation)) {
    // Login and sign-up start from LANDING or this screen's Retry; switching between them replaces the ceremony.
    if (state.intent !== 'login') return stay(state);
    if (passkey.status === 'pending' && passkey.operation === operation) return stay(state);
  } else if (state.intent !== 'link' || state.screen !== SCREEN.linkPasskey || passkey.status === 'pending') {
    // Adding and removing happen on LINK_PASSKEY_SCREEN, one at a time.
    return stay(state);
  }
  const attempt = passkey.attempt + 1;
  const screen = logsIn(operation) ? SCREEN.awaitingPasskey : SCREEN.linkPasskey;
  return {
    state: { ...navigate(state, screen), passkey: { status: 'pending', operation, attempt, error: null } },
    effects: [{ type: 'passkey', operation, attempt, credentialId: event.credentialId }],
  };
}

/**
 * AWAITING_PASSKEY_SYSTEM_DIALOGUE and LINK_PASSKEY_SCREEN (SPEC §3 "Passkey login"): loading, then success or an
 * error with Retry. A login or sign-up continues like a code login (consent, wallet creation, close after 1400 ms);
 * a link shows 'Passkey added' until Done; an unlink returns to the list.
 */
export function passkeyTransition(state: AuthFlowState, event: PasskeyEvent): Transition {
  if (event.type === 'startPasskey') return start(state, event);
  const { passkey } = state;
  // Only the answer of the live ceremony counts (a replaced or abandoned one may still answer).
  if (passkey.status !== 'pending' || event.attempt !== passkey.attempt) return stay(state);
  if (event.type === 'passkeyFailed') {
    if (logsIn(passkey.operation) && errorRedirect(event.error.code)) return stay(showError(state, event.error));
    return stay({ ...state, passkey: { ...passkey, status: 'error', error: event.error } });
  }
  if (logsIn(passkey.operation)) {
    return afterLogin({ ...state, passkey: { ...passkey, status: 'done' } }, event.user, event.isNewUser);
  }
  if (passkey.operation === 'link') {
    return stay({ ...state, user: event.user, succeeded: true, passkey: { ...passkey, status: 'done' } });
  }
  return stay({ ...state, user: event.user, passkey: { ...passkey, status: 'idle' } });
}

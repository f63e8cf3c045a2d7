import { errorRedirect, type User } from '@latch/protocol';
import type { FlowActions } from '../auth/flowRunner.js';
import type { AuthFlowState, FlowEffect, PasskeyEvent, PasskeyOperation, Transition } from '../auth/flowTypes.js';
// Screen ids as ScreenId-checked literals, not SCREEN's values: a lazy module importing SCREEN gave auth/screens.ts
// an initial chunk of its own (the page's first JavaScript: about 80 B gzip more).
import type { ScreenId } from '../auth/screens.js';
import type { FlowError } from '../machine/flowError.js';

/**
 * The auth flow's own steps this flow ends in, handed in by the runner (so that this lazily loaded module imports
 * none of the initial flow code): the post-login steps, navigation, and the error redirects.
 */
export interface AuthFlowSteps {
  afterLogin(state: AuthFlowState, user: User, isNewUser: boolean): Transition;
  navigate(state: AuthFlowState, screen: ScreenId): AuthFlowState;
  showError(state: AuthFlowState, error: FlowError): AuthFlowState;
}

const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });
const logsIn = (operation: PasskeyOperation | null) => operation === 'login' || operation === 'signup';

function start(
  state: AuthFlowState,
  event: Extract<PasskeyEvent, { type: 'startPasskey' }>,
  { navigate }: AuthFlowSteps,
): Transition {
  const { passkey } = state;
  const { operation } = event;
  if (passkey.status === 'done') return stay(state);
  if (logsIn(operation)) {
    // Login and sign-up start from LANDING or this screen's Retry; switching between them replaces the ceremony.
    if (state.intent !== 'login') return stay(state);
    if (passkey.status === 'pending' && passkey.operation === operation) return stay(state);
  } else if (state.intent !== 'link' || state.screen !== 'LINK_PASSKEY_SCREEN' || passkey.status === 'pending') {
    // Adding and removing happen on LINK_PASSKEY_SCREEN, one at a time.
    return stay(state);
  }
  const attempt = passkey.attempt + 1;
  const screen = logsIn(operation) ? 'AWAITING_PASSKEY_SYSTEM_DIALOGUE' : 'LINK_PASSKEY_SCREEN';
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
export function passkeyTransition(state: AuthFlowState, event: PasskeyEvent, steps: AuthFlowSteps): Transition {
  if (event.type === 'startPasskey') return start(state, event, steps);
  const { passkey } = state;
  // Only the answer of the live ceremony counts (a replaced or abandoned one may still answer).
  if (passkey.status !== 'pending' || event.attempt !== passkey.attempt) return stay(state);
  if (event.type === 'passkeyFailed') {
    if (logsIn(passkey.operation) && errorRedirect(event.error.code)) return stay(steps.showError(state, event.error));
    return stay({ ...state, passkey: { ...passkey, status: 'error', error: event.error } });
  }
  if (logsIn(passkey.operation)) {
    return steps.afterLogin({ ...state, passkey: { ...passkey, status: 'done' } }, event.user, event.isNewUser);
  }
  if (passkey.operation === 'link') {
    return stay({ ...state, user: event.user, succeeded: true, passkey: { ...passkey, status: 'done' } });
  }
  return stay({ ...state, user: event.user, passkey: { ...passkey, status: 'idle' } });
}

/**
 * Runs a passkey effect with the client's actions; a link or unlink answers the user (not a new one). `signal` aborts
 * when the flow no longer waits for this attempt: its ceremony must then not start.
 */
export function runPasskeyEffect(
  actions: FlowActions,
  effect: Extract<FlowEffect, { type: 'passkey' }>,
  signal: AbortSignal,
): Promise<{ user: User; isNewUser: boolean }> {
  const asLinked = (user: User) => ({ user, isNewUser: false });
  switch (effect.operation) {
    case 'login':
      return actions.loginWithPasskey({ signal });
    case 'signup':
      return actions.signUpWithPasskey({ signal });
    case 'link':
      return actions.linkPasskey({ signal }).then(asLinked);
    case 'unlink':
      return actions.unlinkPasskey(effect.credentialId ?? '').then(asLinked);
  }
}

import { DELAY, type User } from '@latch/protocol';
import type { AuthFlowState, Transition } from './flowTypes.js';

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
 * else close after 1400 ms.
 */
export function afterLogin(state: AuthFlowState, user: User, isNewUser: boolean): Transition {
  const next: AuthFlowState = { ...state, user, isNewUser };
  if (needsConsent(next, user)) {
    return {
      state: next,
      effects: [{ type: 'after', ms: DELAY.beforeConsentOrWalletCreate, event: { type: 'showConsent' } }],
    };
  }
  const done = { ...next, succeeded: true };
  if (needsEmbeddedWallet(next, user)) {
    return {
      state: done,
      effects: [{ type: 'after', ms: DELAY.beforeConsentOrWalletCreate, event: { type: 'createEmbeddedWallet' } }],
    };
  }
  return { state: done, effects: [{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }] };
}

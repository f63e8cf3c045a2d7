import { DELAY, LIMIT, SIWE_NONCE_TTL_MS, TIMEOUT, type User } from '@latch/protocol';
import type { PreparedSiweMessage } from '../actions/walletActions.js';
import { needsConsent, needsEmbeddedWallet } from '../auth/authFlow.js';
import type { FlowContext } from '../auth/flowTypes.js';
import { initialAuthFlowState } from '../auth/modalNavigation.js';
import type { WalletConnection } from './injectedConnector.js';
import type {
  WalletConnectionEffect,
  WalletConnectionEvent,
  WalletConnectionState,
  WalletTransition,
} from './walletConnectionTypes.js';
import { WALLET_TEXT, type WalletErrorView } from './walletErrors.js';
import { walletHostError } from './walletHostError.js';

/** The manual sign step's button (SPEC §4 "Wallet connection"). */
export const SIGN_WITH_WALLET_TEXT = 'Sign with your wallet';

/**
 * How long a prepared sign-in message waits for the 'Sign with your wallet' button before it is written again
 * with a new nonce: the nonce's lifetime less the wallet request timeout, so the nonce outlives any signature.
 */
export const PREPARED_SIGN_IN_REFRESH_MS = SIWE_NONCE_TTL_MS - TIMEOUT.walletRequest;

/** Connector types whose wallets need the manual sign step even on desktop (WalletConnect, Coinbase's popup). */
const MANUAL_SIGN_CONNECTORS = new Set(['wallet_connect', 'wallet_connect_v2', 'coinbase_wallet']);

/** True when the sign-in must wait for the 'Sign with your wallet' button: mobile, WalletConnect and those connectors. */
export function requiresManualSign(options: { isMobile: boolean; connectorType: string }): boolean {
  return options.isMobile || MANUAL_SIGN_CONNECTORS.has(options.connectorType);
}

const NO_CONTEXT: FlowContext = {
  requireUsersAcceptTerms: false,
  createOnLogin: 'off',
  canCreateEmbeddedWallet: false,
};

/** No wallet chosen, nothing in progress. */
export function initialWalletConnectionState(context: FlowContext = NO_CONTEXT): WalletConnectionState {
  return {
    status: 'disconnected',
    intent: 'login',
    wallet: null,
    connection: null,
    manualSign: false,
    signIn: 'idle',
    prepared: null,
    supportedChainIds: [],
    retries: 0,
    error: null,
    failure: null,
    user: null,
    isNewUser: false,
    postLogin: 'none',
    succeeded: false,
    context,
  };
}

const stay = (state: WalletConnectionState): WalletTransition => ({ state, effects: [] });

/** H4's post-login rules read only the intent and the context: the same decisions as after a code. */
function postLoginNeeds(state: WalletConnectionState, user: User) {
  const asAuthFlow = {
    ...initialAuthFlowState(),
    intent: state.intent === 'link' ? 'link' : 'login',
    context: state.context,
  } as const;
  return { consent: needsConsent(asAuthFlow, user), wallet: needsEmbeddedWallet(asAuthFlow, user) };
}

/** The effect that asks the wallet to sign the prepared message (first thing, nothing awaited before it). */
function signEffect(state: WalletConnectionState): WalletConnectionEffect[] {
  const { wallet, connection, prepared } = state;
  if (!wallet || !connection || !prepared || state.intent === 'connect-only') return [];
  return [{ type: 'signIn', intent: state.intent, walletId: wallet.id, connection, message: prepared.message }];
}

/** Asks the wallet to sign the prepared message (after 2500 ms for MetaMask over WalletConnect). */
function startSigning(state: WalletConnectionState): WalletTransition {
  const { wallet } = state;
  if (!wallet || !state.prepared || state.intent === 'connect-only') return stay(state);
  const next: WalletConnectionState = { ...state, signIn: 'signing' };
  // One well-known wallet over WalletConnect needs a pause before its signing prompt (SPEC §4, §9: 2500 ms).
  if (wallet.walletClientType === 'metamask' && wallet.connectorType.startsWith('wallet_connect')) {
    return {
      state: next,
      effects: [{ type: 'after', ms: DELAY.walletConnectSignPrompt, event: { type: 'promptSignature' } }],
    };
  }
  return { state: next, effects: signEffect(next) };
}

/** Writes the sign-in message (nonce from /siwe/init) before the wallet is asked to sign anything. */
function prepareSignIn(state: WalletConnectionState): WalletTransition {
  const { connection } = state;
  if (!connection || state.intent === 'connect-only') return stay(state);
  return {
    state: { ...state, signIn: 'preparing', prepared: null },
    effects: [{ type: 'prepareSignIn', account: { address: connection.address, chainId: connection.chainId } }],
  };
}

/** The message is written: the manual step enables its button (and re-prepares before the nonce expires); desktop signs. */
function prepared(state: WalletConnectionState, message: PreparedSiweMessage): WalletTransition {
  const { connection } = state;
  const forThisAccount =
    connection !== null &&
    message.address.toLowerCase() === connection.address.toLowerCase() &&
    message.chainId === connection.chainId;
  if (state.signIn !== 'preparing' || !forThisAccount) return stay(state);
  const next: WalletConnectionState = { ...state, prepared: message };
  if (!state.manualSign) return startSigning(next);
  return {
    state: { ...next, signIn: 'ready' },
    effects: [
      {
        type: 'after',
        ms: PREPARED_SIGN_IN_REFRESH_MS,
        event: { type: 'preparedExpired', nonce: message.nonce },
        timeout: true,
      },
    ],
  };
}

/** Connected (on a supported chain): connect-only is done; a login or link prepares its message. */
function afterConnected(state: WalletConnectionState, connection: WalletConnection): WalletTransition {
  const next: WalletConnectionState = { ...state, status: 'connected', connection, error: null };
  if (state.intent === 'connect-only') {
    return {
      state: { ...next, succeeded: true },
      effects: [
        { type: 'reportConnected', walletId: state.wallet?.id ?? '', connection },
        { type: 'after', ms: DELAY.successClose, event: { type: 'finish' } },
      ],
    };
  }
  return prepareSignIn(next);
}

/** Failure returns to a disconnected wallet with the error; after 2 retries, 'Unable to connect wallet'. */
function fail(state: WalletConnectionState, error: WalletErrorView): WalletTransition {
  const exhausted = error.retryable && state.retries >= LIMIT.walletConnectRetries;
  const shown = exhausted ? { ...error, text: WALLET_TEXT.retriesExhausted, detail: null, retryable: false } : error;
  const next = {
    ...state,
    status: 'error' as const,
    connection: null,
    signIn: 'idle' as const,
    prepared: null,
    error: shown,
  };
  return { state: next, effects: [{ type: 'reportError', error: walletHostError(state.intent, error) }] };
}

function signedIn(state: WalletConnectionState, user: User, isNewUser: boolean): WalletTransition {
  const next: WalletConnectionState = { ...state, signIn: 'done', user, isNewUser };
  const needs = postLoginNeeds(next, user);
  const delay = DELAY.beforeConsentOrWalletCreate;
  if (needs.consent) return { state: next, effects: [{ type: 'after', ms: delay, event: { type: 'showConsent' } }] };
  const done = { ...next, succeeded: true };
  if (needs.wallet)
    return { state: done, effects: [{ type: 'after', ms: delay, event: { type: 'createEmbeddedWallet' } }] };
  return {
    state: { ...done, postLogin: 'closing' },
    effects: [{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }],
  };
}

/** Reports the outcome and ends the flow (the modal closes). */
function close(state: WalletConnectionState): WalletTransition {
  const effects: WalletConnectionEffect[] = [{ type: 'cancelTimers' }];
  if (state.intent !== 'connect-only') {
    if (state.succeeded && state.user) {
      effects.push({ type: 'reportComplete', intent: state.intent, user: state.user, isNewUser: state.isNewUser });
    } else {
      effects.push({ type: 'reportExit', error: state.intent === 'login' ? 'exited_auth_flow' : 'exited_link_flow' });
    }
  }
  effects.push({ type: 'close' });
  return { state: initialWalletConnectionState(state.context), effects };
}

/** The wallet connection flow (SPEC §4 "Wallet connection"): connect, switch chain, sign in, then the post-login steps. */
export function walletConnectionTransition(
  state: WalletConnectionState,
  event: WalletConnectionEvent,
): WalletTransition {
  const busy = state.status === 'connecting' || state.status === 'switching_to_supported_chain';
  switch (event.type) {
    case 'select': {
      // Not while connecting or signing, nor once signed in (the post-login steps run to the end).
      if (busy || state.signIn === 'signing' || (state.signIn === 'done' && state.postLogin !== 'failed')) {
        return stay(state);
      }
      const next: WalletConnectionState = {
        ...initialWalletConnectionState(event.context),
        status: 'connecting',
        intent: event.intent,
        wallet: event.wallet,
        manualSign: event.manualSign,
        supportedChainIds: event.supportedChainIds ?? [],
      };
      return { state: next, effects: [{ type: 'cancelTimers' }, { type: 'connect', walletId: event.wallet.id }] };
    }
    case 'connected': {
      if (state.status !== 'connecting' || !state.wallet) return stay(state);
      const supported = state.supportedChainIds;
      if (supported.length > 0 && !supported.includes(event.connection.chainId)) {
        return {
          state: { ...state, status: 'switching_to_supported_chain', connection: event.connection },
          effects: [{ type: 'switchChain', walletId: state.wallet.id, chainId: supported[0]! }],
        };
      }
      return afterConnected(state, event.connection);
    }
    case 'chainSwitched':
      if (state.status !== 'switching_to_supported_chain' || !state.connection) return stay(state);
      return afterConnected(state, { ...state.connection, chainId: event.chainId });
    case 'connectFailed':
      return busy ? fail(state, event.error) : stay(state);
    case 'signInPrepared':
      return prepared(state, event.prepared);
    case 'prepareFailed':
      return state.signIn === 'preparing' ? fail(state, event.error) : stay(state);
    case 'preparedExpired':
      return state.signIn === 'ready' && state.prepared?.nonce === event.nonce ? prepareSignIn(state) : stay(state);
    case 'signWithWallet': {
      if (state.status !== 'connected' || state.signIn !== 'ready') return stay(state);
      // The pending re-preparation timer goes; the wallet request is the effect right after it.
      const started = startSigning(state);
      return { state: started.state, effects: [{ type: 'cancelTimers' }, ...started.effects] };
    }
    case 'promptSignature':
      return state.signIn === 'signing' ? { state, effects: signEffect(state) } : stay(state);
    case 'signedIn':
      return state.signIn === 'signing' ? signedIn(state, event.user, event.isNewUser) : stay(state);
    case 'signInFailed':
      return state.signIn === 'signing' ? fail(state, event.error) : stay(state);
    case 'retry':
      if (state.status !== 'error' || !state.error?.retryable || !state.wallet) return stay(state);
      return {
        state: { ...state, status: 'connecting', retries: state.retries + 1, error: null },
        effects: [{ type: 'connect', walletId: state.wallet.id }],
      };
    case 'useDifferentWallet':
      return state.status === 'error'
        ? stay({ ...initialWalletConnectionState(state.context), intent: state.intent })
        : stay(state);
    case 'showConsent':
      return state.signIn === 'done' ? stay({ ...state, postLogin: 'consent' }) : stay(state);
    case 'acceptTerms':
      return state.postLogin === 'consent' ? { state, effects: [{ type: 'acceptTerms' }] } : stay(state);
    case 'termsAccepted': {
      if (state.postLogin !== 'consent') return stay(state);
      const next: WalletConnectionState = { ...state, user: event.user, succeeded: true };
      if (postLoginNeeds(next, event.user).wallet) {
        return {
          state: { ...next, postLogin: 'creating-wallet' },
          effects: [{ type: 'createEmbeddedWallet', user: event.user }],
        };
      }
      return close(next);
    }
    case 'declineTerms': {
      // 'No thanks' leaves the user signed out, as after a code login.
      const closed = close({ ...state, succeeded: false });
      return { state: closed.state, effects: [{ type: 'logout' }, ...closed.effects] };
    }
    case 'createEmbeddedWallet':
      if (!state.user || state.postLogin !== 'none') return stay(state);
      return {
        state: { ...state, postLogin: 'creating-wallet' },
        effects: [{ type: 'createEmbeddedWallet', user: state.user }],
      };
    case 'walletCreated':
      return state.postLogin === 'creating-wallet'
        ? close({ ...state, user: event.user, succeeded: true })
        : stay(state);
    case 'postLoginFailed':
      // Failure to create the embedded wallet (or to record the terms) logs the user out (SPEC §4).
      return {
        state: { ...state, postLogin: 'failed', failure: event.error, succeeded: false },
        effects: [{ type: 'cancelTimers' }, { type: 'logout' }],
      };
    case 'finish':
      return state.succeeded || state.postLogin === 'failed' ? close(state) : stay(state);
    case 'close':
      if (state.postLogin === 'consent') return walletConnectionTransition(state, { type: 'declineTerms' });
      return close(state);
  }
  return stay(state);
}

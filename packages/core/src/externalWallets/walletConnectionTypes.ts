import type { HostErrorEvent, User } from '@latch/protocol';
import type { PreparedSiweMessage, SiweAccount } from '../actions/walletActions.js';
import type { ExitError, FlowContext } from '../auth/flowTypes.js';
import type { FlowError } from '../machine/flowError.js';
import type { WalletConnection } from './injectedConnector.js';
import type { WalletErrorView } from './walletErrors.js';

/** SPEC §4 "Wallet connection" states (plus the SDK's error state). */
export type WalletConnectionStatus =
  | 'disconnected'
  | 'connecting'
  | 'switching_to_supported_chain'
  | 'connected'
  | 'error';

/** Log in with the wallet, link it to the signed-in user, or only connect it (connect-only mode). */
export type WalletIntent = 'login' | 'link' | 'connect-only';

/**
 * Where signing the sign-in message stands: not yet; writing the message (nonce from /siwe/init); written and
 * waiting for the 'Sign with your wallet' button (manual step only); in the wallet (then authenticate); done.
 */
export type SignInStep = 'idle' | 'preparing' | 'ready' | 'signing' | 'done';

/** After a login: the terms, then the embedded wallet, then closing (SPEC §4, as for codes). */
export type PostLoginStep = 'none' | 'consent' | 'creating-wallet' | 'closing' | 'failed';

/** The wallet the user picked. */
export interface ChosenWallet {
  id: string;
  name: string;
  walletClientType: string;
  connectorType: string;
}

/** The wallet connection flow's state. */
export interface WalletConnectionState {
  status: WalletConnectionStatus;
  intent: WalletIntent;
  wallet: ChosenWallet | null;
  connection: WalletConnection | null;
  /** True on mobile, WalletConnect and the connectors that need the manual sign step (SPEC §4). */
  manualSign: boolean;
  signIn: SignInStep;
  /** The sign-in message written for the connected account, once prepared (the wallet is asked to sign exactly it). */
  prepared: PreparedSiweMessage | null;
  /** The app's chains; a wallet on another chain is asked to switch to the first. Empty: any chain. */
  supportedChainIds: readonly number[];
  /** Retries used (SPEC §9: up to 2). */
  retries: number;
  error: WalletErrorView | null;
  /** The server's error when a post-login step failed (LOGIN_FAILED_SCREEN). */
  failure: FlowError | null;
  user: User | null;
  isNewUser: boolean;
  postLogin: PostLoginStep;
  succeeded: boolean;
  context: FlowContext;
}

/** Events from the screens, the runner and timers. */
export type WalletConnectionEvent =
  | {
      type: 'select';
      wallet: ChosenWallet;
      intent: WalletIntent;
      manualSign: boolean;
      supportedChainIds?: readonly number[];
      context: FlowContext;
    }
  | { type: 'connected'; connection: WalletConnection }
  | { type: 'chainSwitched'; chainId: number }
  | { type: 'connectFailed'; error: WalletErrorView }
  | { type: 'signInPrepared'; prepared: PreparedSiweMessage }
  | { type: 'prepareFailed'; error: WalletErrorView }
  /** The prepared message's nonce is about to expire: write a new one. */
  | { type: 'preparedExpired'; nonce: string }
  | { type: 'signWithWallet' }
  | { type: 'promptSignature' }
  | { type: 'signedIn'; user: User; isNewUser: boolean }
  | { type: 'signInFailed'; error: WalletErrorView }
  | { type: 'retry' }
  | { type: 'useDifferentWallet' }
  | { type: 'showConsent' }
  | { type: 'acceptTerms' }
  | { type: 'termsAccepted'; user: User }
  | { type: 'declineTerms' }
  | { type: 'createEmbeddedWallet' }
  | { type: 'walletCreated'; user: User }
  | { type: 'postLoginFailed'; error: FlowError }
  | { type: 'finish' }
  | { type: 'close' };

/** Side effects as data; the runner executes them. */
export type WalletConnectionEffect =
  /** `timeout`: a deadline, never scaled by the test-only delay scale (machineCore's `after`). */
  | { type: 'after'; ms: number; event: WalletConnectionEvent; timeout?: true }
  | { type: 'cancelTimers' }
  | { type: 'connect'; walletId: string }
  | { type: 'switchChain'; walletId: string; chainId: number }
  /** Gets a nonce and writes the sign-in message for the account (before the wallet is asked anything). */
  | { type: 'prepareSignIn'; account: SiweAccount }
  /** Asks the wallet to sign `message` (first, with nothing awaited before it), then authenticates or links. */
  | { type: 'signIn'; intent: 'login' | 'link'; walletId: string; connection: WalletConnection; message: string }
  | { type: 'acceptTerms' }
  | { type: 'createEmbeddedWallet'; user: User }
  | { type: 'logout' }
  | { type: 'reportConnected'; walletId: string; connection: WalletConnection }
  | { type: 'reportComplete'; intent: 'login' | 'link'; user: User; isNewUser: boolean }
  | { type: 'reportExit'; error: ExitError }
  /** SPEC §8: the failure the host hears (onError) while the screen shows it. */
  | { type: 'reportError'; error: HostErrorEvent }
  /** The flow is over: the modal closes (the outcome was reported just before). */
  | { type: 'close' };

/** What a transition returns. */
export interface WalletTransition {
  state: WalletConnectionState;
  effects: WalletConnectionEffect[];
}

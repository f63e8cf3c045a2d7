import type { HostErrorEvent, LatchError, User } from '@latch/protocol';
import type { ChainOptions } from '@latch/protocol/chains';
import type { FlowIntent } from './auth/flowTypes.js';
import type { LatchClient } from './client.js';
import type { Clock } from './clock.js';
import type { HostConfig } from './hostConfig.js';

/** What a completed login or link reports to the host. */
export interface LoginCompleteResult {
  intent: FlowIntent;
  user: User;
  isNewUser: boolean;
}

/**
 * Options of `createLatch`: the app, the server, the host's outcome callbacks and its config (HostConfig:
 * `appearance`, `loginMethods`, `loginMethodsAndOrder`, `embeddedWallets`, `legal`; docs/theming.md).
 */
export interface LatchOptions extends HostConfig {
  appId: string;
  clientId: string;
  /** The Latch server; required in a production build (a development build defaults to http://localhost:8787). */
  apiUrl?: string;
  /** Called when a login or link completes (after consent and wallet creation). */
  onLoginComplete?(result: LoginCompleteResult): void;
  /**
   * Every SPEC §8 host event: the user left a login (exited_auth_flow) or link (exited_link_flow) flow, a link or
   * login failed (failed_to_link_account, unknown_auth_error, …), a wallet call failed (unable_to_sign, …); `error`
   * is what the call's promise rejected with, when there is one.
   */
  onError?(event: HostErrorEvent, error?: LatchError): void;
  /** Creates the user's wallet after login instead of the built-in embedded wallet. */
  createEmbeddedWallet?(user: User): Promise<User>;
  /** A client made elsewhere (tests, or hosts sharing one client); `destroy()` then leaves it alone. */
  client?: LatchClient;
  clock?: Clock;
  /** Test suites only (a production build throws): the flows' SPEC delays × this, timeouts never. */ testDelayScale?: number;
  // embeddedWallets (HostConfig): `noPromptOnSignature` (no sign or send screens), `waitForTransactionConfirmation`
  // (default true: a send answers once mined; unset: the app config's), `createOnLogin` (may lower the server's).
  // fiatOnRamp (HostConfig): `useSandbox`, the on-ramp provider's sandbox (docs/wallets.md "Funding a wallet").
  /** `noPromptOnMfaRequired`: no MFA dialog; the host answers MFA requests itself (useMfa). Unset: the app config's. */
  mfa?: { noPromptOnMfaRequired?: boolean };
  /** SPEC §3 supportedChains and defaultChain, with RPC and explorer URL overrides (default: every built-in chain, Ethereum first). */
  chains?: ChainOptions;
}

/** What one `login()` call hears about its own outcome (useLogin). */
export interface LoginCallbacks {
  onComplete?(result: LoginCompleteResult): void;
  /** The user left (exited_auth_flow, exited_link_flow), or the login failed (unknown_auth_error). */
  onError?(event: HostErrorEvent): void;
}

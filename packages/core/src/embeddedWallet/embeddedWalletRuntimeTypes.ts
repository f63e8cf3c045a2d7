import type { MfaAction, User } from '@latch/protocol';
import type { ChainOptions } from '@latch/protocol/chains';
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import type { MfaRuntime, MfaUiState } from '../mfa/mfaRuntime.js';
import type { FundingController } from '../onRamp/fundingController.js';
import type { FundingState } from '../onRamp/fundingFlow.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import type { EmbeddedWalletController } from './embeddedWalletController.js';
import type { EmbeddedWalletProvider } from './embeddedWalletProvider.js';
import type { SendTransaction } from './sendTransactionState.js';
import type { SignRequest, SignUiOptions } from './signRequestFlow.js';
import type { WalletExporter } from './walletExporter.js';
import type { WalletFlows } from './walletFlows.js';
import type { WalletImporter } from './walletImporter.js';

// The runtime's types (embeddedWalletRuntime.ts builds it), apart so the builder stays one readable file.

/** The frame's calls for lazily loaded features (EmbeddedWalletRuntime.frameCalls). */
export interface FrameCalls {
  bridge: EmbeddedWalletBridge;
  /** Shows the sign request screen (unless headless; with the host's texts) and runs `run` once the user approved. */
  requestSignature<T>(
    kind: 'message' | 'typedData',
    payload: unknown,
    run: () => Promise<T>,
    uiOptions?: SignUiOptions,
  ): Promise<T>;
  withMfa<T>(action: MfaAction, run: () => Promise<T>): Promise<T>;
}

/** The embedded wallet's UI state: this device's connection and the open sign request. */
export interface EmbeddedWalletState {
  connection: { address: string; status: 'connecting' | 'ready' | 'error' } | null;
  signRequest: SignRequest | null;
  /** EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN's state (sendTransactionFlow.ts); null: no screen. */
  sendTransaction: SendTransaction | null;
  /** The MFA dialogs' state (docs/mfa.md "Client"); null until MFA is first needed (the module loads then). */
  mfa: MfaUiState | null;
  /** FIAT_ON_RAMP_PROMPT_SCREEN / FIAT_ON_RAMP_STATUS_SCREEN's state (onRamp/fundingFlow.ts); null: no screen. */
  funding: FundingState | null;
}

/** The provider's embedded wallet: bridge, controller, EIP-1193 provider and the state the screens render. */
export interface EmbeddedWalletRuntime {
  getState(): EmbeddedWalletState;
  subscribe(listener: () => void): () => void;
  controller: EmbeddedWalletController;
  provider: EmbeddedWalletProvider;
  /** `exportWallet()` and EMBEDDED_WALLET_KEY_EXPORT_SCREEN's state. */
  exporter: WalletExporter;
  /** `importWallet()` and the import screen's state (walletImportFlow.ts; the logic loads on first use). */
  importer: WalletImporter;
  /** The password and recovery flows (screens load on first use). */
  walletFlows: WalletFlows;
  /** The post-login creator (creation-flow timeouts). */
  createOnLogin(user: User): Promise<User>;
  /** The host's `createWallet()` for `user` (SPEC §9's 15000 ms direct-create wait); the same paths as at login. */
  createWallet(user: User): Promise<User>;
  /**
   * Follows the signed-in user: registers this device after a login, connects (or recovers) the
   * wallet, and on logout or another user clears and removes the frame; returns the unsubscribe.
   */
  watch(): () => void;
  /**
   * The screen placed the frame: the frame shows its confirmation (dressed by `display` and the request's host
   * texts) and the user clicks there.
   */
  approveSignRequest(display?: ApprovalDisplay): void;
  rejectSignRequest(): void;
  /** The send screen: 'submit' once it placed the frame (whose Submit signs), 'Retry transaction', close (4001 before sending). */
  sendTransactionAction(action: 'submit' | 'retry' | 'close', display?: ApprovalDisplay): void;
  /** The host's chains (createLatch's `chains`), for the screens: the send screen's block-explorer link. */
  chainOptions(): ChainOptions | undefined;
  /**
   * For lazily loaded features that use the frame (the Farcaster signer, farcaster/farcasterFrameSigner.ts): the
   * frame bridge (its `load()` gives the rarely used calls), the sign request screen around a signature, and the
   * MFA gate of an action.
   */
  frameCalls: FrameCalls;
  /** The MFA requests, prompt, enrolment (`openEnrollment`), useMfa's calls and the frame calls, loaded on first use. */
  loadMfa(): Promise<MfaRuntime>;
  /** The fiat on-ramp (docs/wallets.md "Funding a wallet"), loaded on first use; `funding.dispatch`: its screens' events. */
  funding: Pick<FundingController, 'fundWallet' | 'dispatch'>;
  destroy(): void;
}

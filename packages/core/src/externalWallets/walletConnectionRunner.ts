import type { HostErrorEvent, User } from '@latch/protocol';
import type { LoginResult } from '../actions/context.js';
import type { PreparedSiweMessage, SignedSiweMessage, SiweAccount } from '../actions/walletActions.js';
import type { ExitError } from '../auth/flowTypes.js';
import type { FlowClock } from '../machine/flowClock.js';
import { toFlowError } from '../machine/flowError.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import type { WalletConnection, WalletConnector } from './injectedConnector.js';
import { initialWalletConnectionState, walletConnectionTransition } from './walletConnection.js';
import type { WalletConnectionEffect, WalletConnectionEvent, WalletConnectionState } from './walletConnectionTypes.js';
import { walletErrorView } from './walletErrors.js';

/** The client actions the wallet flow calls. */
export interface WalletConnectionActions {
  prepareWalletSignIn(account: SiweAccount): Promise<PreparedSiweMessage>;
  loginWithWalletSignature(signed: SignedSiweMessage): Promise<LoginResult>;
  linkWalletSignature(signed: SignedSiweMessage): Promise<User>;
  acceptTerms(): Promise<User>;
  logout(): Promise<void>;
}

/** What the host and the modal hear from the wallet flow. */
export interface WalletFlowHandlers {
  onConnected?(walletId: string, connection: WalletConnection): void;
  onComplete?(result: { intent: 'login' | 'link'; user: User; isNewUser: boolean }): void;
  onExit?(error: ExitError): void;
  /** A connection, sign-in or link failed (SPEC §8: generic_connect_wallet_error, failed_to_link_account, …). */
  onError?(event: HostErrorEvent): void;
  onClose?(): void;
  /** Filled by the embedded-wallet issue; without it, creation is skipped. */
  createEmbeddedWallet?(user: User): Promise<User>;
}

/** A running wallet flow. */
export type WalletConnectionRunner = MachineRunner<WalletConnectionState, WalletConnectionEvent>;

/** Runs the wallet connection flow: transitions, and their effects on the connectors, actions and clock. */
export function createWalletConnectionRunner(options: {
  connectorFor(walletId: string): WalletConnector | undefined;
  actions: WalletConnectionActions;
  clock: FlowClock;
  handlers: () => WalletFlowHandlers;
}): WalletConnectionRunner {
  const { actions, clock, handlers } = options;
  const core = createMachineCore({
    initial: initialWalletConnectionState(),
    transition: walletConnectionTransition,
    clock,
    run,
  });
  const settle = core.settle;

  const connector = (walletId: string): Promise<WalletConnector> => {
    const found = options.connectorFor(walletId);
    return found ? Promise.resolve(found) : Promise.reject(new Error(`No connector for wallet ${walletId}.`));
  };

  function run(effect: WalletConnectionEffect): void {
    switch (effect.type) {
      case 'after':
        core.after(effect.ms, effect.event, effect.timeout);
        return;
      case 'cancelTimers':
        core.cancelTimers();
        return;
      case 'connect':
        settle(
          connector(effect.walletId).then(async (c) => {
            await c.initialize();
            return c.connect();
          }),
          (connection) => ({ type: 'connected', connection }),
          (error) => ({ type: 'connectFailed', error: walletErrorView(error, 'connect') }),
        );
        return;
      case 'switchChain':
        settle(
          connector(effect.walletId).then((c) => c.switchChain(effect.chainId)),
          () => ({ type: 'chainSwitched', chainId: effect.chainId }),
          (error) => ({ type: 'connectFailed', error: walletErrorView(error, 'connect') }),
        );
        return;
      case 'prepareSignIn':
        settle(
          actions.prepareWalletSignIn(effect.account),
          (prepared) => ({ type: 'signInPrepared', prepared }),
          (error) => ({ type: 'prepareFailed', error: walletErrorView(error, 'login') }),
        );
        return;
      case 'signIn': {
        const { intent, connection, message } = effect;
        const found = options.connectorFor(effect.walletId);
        // The wallet is asked right here, synchronously: when this runs from the 'Sign with your wallet' tap,
        // Safari and popup wallets keep the user activation only if no network or import wait came before.
        const signed: Promise<SignedSiweMessage> = found
          ? requestSignature(found, connection.address, message).then((signature) => ({
              message,
              signature,
              chainId: connection.chainId,
              walletClientType: found.walletClientType,
              connectorType: found.connectorType,
            }))
          : Promise.reject(new Error(`No connector for wallet ${effect.walletId}.`));
        const signedIn =
          intent === 'login'
            ? signed.then((body) => actions.loginWithWalletSignature(body))
            : signed.then(async (body) => ({ user: await actions.linkWalletSignature(body), isNewUser: false }));
        settle(
          signedIn,
          ({ user, isNewUser }) => ({ type: 'signedIn', user, isNewUser }),
          (error) => ({ type: 'signInFailed', error: walletErrorView(error, 'sign') }),
        );
        return;
      }
      case 'acceptTerms':
        settle(
          actions.acceptTerms(),
          (user) => ({ type: 'termsAccepted', user }),
          (error) => ({ type: 'postLoginFailed', error: toFlowError(error) }),
        );
        return;
      case 'createEmbeddedWallet': {
        const create = handlers().createEmbeddedWallet;
        settle(
          create ? create(effect.user) : Promise.resolve(effect.user),
          (user) => ({ type: 'walletCreated', user }),
          (error) => ({ type: 'postLoginFailed', error: toFlowError(error) }),
        );
        return;
      }
      case 'logout':
        actions.logout().catch(() => undefined);
        return;
      case 'reportConnected':
        handlers().onConnected?.(effect.walletId, effect.connection);
        return;
      case 'reportComplete':
        handlers().onComplete?.({ intent: effect.intent, user: effect.user, isNewUser: effect.isNewUser });
        return;
      case 'reportExit':
        handlers().onExit?.(effect.error);
        return;
      case 'reportError':
        handlers().onError?.(effect.error);
        return;
      case 'close':
        handlers().onClose?.();
        return;
    }
  }

  return runnerOf(core);
}

/** `personal_sign` through the connector, called now; a connector that throws synchronously rejects instead. */
function requestSignature(connector: WalletConnector, address: string, message: string): Promise<string> {
  try {
    return connector.signMessage(address, message);
  } catch (error) {
    return Promise.reject(error);
  }
}

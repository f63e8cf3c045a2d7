import { LatchError, type RecoveryMethod, TIMEOUT, type User } from '@latch/protocol';
import { embeddedWalletOf } from './embeddedWalletController.js';
import { estimatePasswordStrength } from './passwordStrengthEstimate.js';
import type { WalletFlowModule } from './walletFlowLoader.js';
import type { WalletFlowOutcome, WalletFlowPurpose, WalletFlowRunner } from './walletFlowModule.js';
import type { WalletFlowDeps } from './walletFlows.js';

/** SPEC §8 event a host sees when the user leaves a set-password flow they started. */
const USER_EXITED_SET_PASSWORD_FLOW = 'user_exited_set_password_flow';
/** Ours, after SPEC's: the user left the recovery-method flow they started. */
const USER_EXITED_SET_RECOVERY_FLOW = 'user_exited_set_recovery_flow';
/** SPEC §8: the wallet could not be recovered on this device. */
const UNABLE_TO_RECOVER_TEXT = 'Unable to recover wallet';
/** SPEC §8: what a failed `create` or `setPassword` rejects with (the screen shows its message code). */
const CREATE_WALLET_FAILED_TEXT = 'Failed to create wallet';
const SET_PASSWORD_FAILED_TEXT = 'Error setting password on wallet';

/** The loaded flows: the running machine, its module (rules for the screens) and the starters. */
export interface WalletFlowSession {
  runner: WalletFlowRunner;
  module: WalletFlowModule;
  recover(wallet: { address: string; recoveryMethod: RecoveryMethod | null }): Promise<void>;
  create(user: User): Promise<User>;
  setPassword(): Promise<User>;
  setRecovery(): Promise<User>;
  destroy(): void;
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** Saves `text` as a file named `fileName` through a temporary link. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Loads the flow module and wires its runner to the controller, zxcvbn, the clipboard and downloads. */
export async function createWalletFlowSession(deps: WalletFlowDeps): Promise<WalletFlowSession> {
  // The module itself, not loadWalletFlow(): a static import of walletFlowLoader.ts, which core's index
  // also re-exports, gave that file a chunk of its own in the host page's initial JavaScript (esbuild).
  const module: WalletFlowModule = await import('./walletFlowModule.js');
  const { client } = deps;
  const password = module.createPasswordActions({ client, bridge: deps.bridge, controller: deps.controller() });
  const cloud = module.createCloudActions({
    client,
    bridge: deps.bridge,
    controller: deps.controller(),
    clock: deps.clock,
  });
  let recoveryWaiters: Array<Waiter<void>> = [];
  let flowWaiter: Waiter<User> | null = null;
  let creatingFor: User | null = null;
  let result: User | null = null;
  let failure: unknown = null;

  const currentUser = (): User => {
    const { user } = client.getState();
    if (!user) throw new LatchError('must_be_authenticated');
    return user;
  };
  const appName = () => client.getState().config?.name ?? '';

  const resolveRecoveries = () => {
    const waiters = recoveryWaiters;
    recoveryWaiters = [];
    for (const w of waiters) w.resolve();
  };

  function finish(purpose: WalletFlowPurpose, outcome: WalletFlowOutcome) {
    const waiters = recoveryWaiters;
    recoveryWaiters = [];
    // A recovery still waited on when the flow ends was not completed.
    for (const w of waiters) w.reject(new LatchError('client_request_cancelled', UNABLE_TO_RECOVER_TEXT));
    const waiter = flowWaiter;
    flowWaiter = null;
    if (!waiter || purpose === 'recover') return;
    if (outcome === 'done' && result) waiter.resolve(result);
    else if (outcome === 'exited' && purpose === 'set-password') {
      waiter.reject(new LatchError('client_request_cancelled', USER_EXITED_SET_PASSWORD_FLOW));
    } else if (outcome === 'exited' && purpose === 'set-recovery') {
      waiter.reject(new LatchError('client_request_cancelled', USER_EXITED_SET_RECOVERY_FLOW));
    } else {
      const text = purpose === 'create' ? CREATE_WALLET_FAILED_TEXT : SET_PASSWORD_FAILED_TEXT;
      waiter.reject(failure ?? new LatchError('internal_error', text));
    }
    result = null;
    failure = null;
    creatingFor = null;
  }

  const runner = module.createWalletFlowRunner({
    clock: deps.clock,
    actions: {
      async connect() {
        await deps.controller().connect(currentUser());
        return 'connected';
      },
      async recover(secret) {
        await password.recoverWithPassword(currentUser(), secret);
        resolveRecoveries();
      },
      async cloud(method, mode) {
        try {
          const user = mode === 'create' ? (creatingFor ?? currentUser()) : currentUser();
          const done = await cloud.run(user, method, mode);
          if (mode === 'recover') resolveRecoveries();
          else result = done;
          failure = null;
        } catch (error) {
          failure = error;
          throw error;
        }
      },
      async submitPassword(purpose, secret) {
        try {
          if (purpose === 'create') {
            const user = creatingFor ?? currentUser();
            result = await deps
              .controller()
              .createForUser(user, { password: secret, readyTimeoutMs: TIMEOUT.walletProxyInCreationFlow });
          } else {
            result = await password.setRecoveryPassword(currentUser(), secret);
          }
          failure = null;
        } catch (error) {
          failure = error;
          throw error;
        }
      },
      estimateStrength: estimatePasswordStrength,
      randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
      copy: (text) => navigator.clipboard.writeText(text),
      download: downloadText,
      finish,
    },
  });

  const startFlow = (start: () => void): Promise<User> => {
    if (runner.getState().screen !== null) {
      return Promise.reject(new LatchError('invalid_data', 'Another wallet screen is already open.'));
    }
    return new Promise<User>((resolve, reject) => {
      flowWaiter = { resolve, reject };
      start();
    });
  };

  // The signed-in user's embedded wallet, or the error its flow rejects with (not signed in, no wallet).
  const ownWallet = () => {
    try {
      return embeddedWalletOf(currentUser()) ?? new LatchError('embedded_wallet_not_found');
    } catch (error) {
      return error instanceof Error ? error : new LatchError('embedded_wallet_not_found');
    }
  };
  return {
    runner,
    module,
    recover(wallet) {
      return new Promise<void>((resolve, reject) => {
        recoveryWaiters.push({ resolve, reject });
        const { screen } = runner.getState();
        const method = wallet.recoveryMethod;
        if (screen === module.WALLET_FLOW_SCREEN.connecting) {
          runner.dispatch(
            module.isCloudMethod(method) ? { type: 'cloudRecoveryRequired', method } : { type: 'passwordRequired' },
          );
        } else if (screen === null) runner.dispatch({ type: 'startRecover', appName: appName(), method });
      });
    },
    create(user) {
      const options = client.getState().config?.embeddedWallets.userOwnedRecoveryOptions ?? [];
      return startFlow(() => {
        creatingFor = user;
        runner.dispatch({ type: 'startCreate', appName: appName(), options });
      });
    },
    setPassword() {
      const wallet = ownWallet();
      if (wallet instanceof Error) return Promise.reject(wallet);
      // SPEC §5: a password cannot be set while recovery uses a cloud provider.
      if (wallet.recoveryMethod === 'google-drive' || wallet.recoveryMethod === 'icloud') {
        return Promise.reject(
          new LatchError(
            'embedded_wallet_recovery_already_exists',
            'A password cannot be set while recovery uses a cloud backup.',
          ),
        );
      }
      return startFlow(() =>
        runner.dispatch({
          type: 'startSetPassword',
          appName: appName(),
          hasPassword: wallet.recoveryMethod === 'user-passcode',
          connected: deps.isConnected(wallet.address),
        }),
      );
    },
    setRecovery() {
      const wallet = ownWallet();
      if (wallet instanceof Error) return Promise.reject(wallet);
      const options = client.getState().config?.embeddedWallets.userOwnedRecoveryOptions ?? [];
      return startFlow(() =>
        runner.dispatch({
          type: 'startSetRecovery',
          appName: appName(),
          options,
          current: wallet.recoveryMethod,
          connected: deps.isConnected(wallet.address),
        }),
      );
    },
    destroy() {
      runner.destroy();
      finish('recover', 'exited');
      flowWaiter?.reject(new LatchError('client_request_cancelled'));
      flowWaiter = null;
    },
  };
}

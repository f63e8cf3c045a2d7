import { DELAY } from '@latch/protocol';
import type { FlowMessageCode } from '../machine/flowMessage.js';
import { cloudStepTransition, isCloudMethod, startCloudStep } from './cloudRecoveryStep.js';
import { canGoBack, initialPasswordFlow, type PasswordFlowEvent, passwordFlowTransition } from './passwordFlow.js';
import { recoveryFileName } from './passwordRules.js';
import { recoveryOptions } from './recoveryOptions.js';
import {
  WALLET_FLOW_SCREEN,
  type WalletFlowEffect,
  type WalletFlowEvent,
  type WalletFlowOutcome,
  type WalletFlowScreen,
  type WalletFlowState,
} from './walletFlowTypes.js';

export {
  WALLET_FLOW_SCREEN,
  type WalletFlowEffect,
  type WalletFlowEvent,
  type WalletFlowOutcome,
  type WalletFlowPurpose,
  type WalletFlowScreen,
  type WalletFlowState,
} from './walletFlowTypes.js';

/** A wallet flow transition. */
interface WalletFlowTransition {
  state: WalletFlowState;
  effects: WalletFlowEffect[];
}

const EMPTY_RECOVERY = { password: '', revealed: false, recovering: false, error: null };

/** No flow running. */
export function initialWalletFlow(): WalletFlowState {
  return {
    screen: null,
    purpose: null,
    userInitiated: false,
    appName: '',
    options: [],
    hasPassword: false,
    connectError: null,
    recovery: EMPTY_RECOVERY,
    password: initialPasswordFlow({ purpose: 'update' }),
    cloud: null,
  };
}

/** True when the close button shows and Escape closes (SPEC §4: automatic flows are not closable). */
export function isClosable(state: WalletFlowState): boolean {
  if (state.screen === null) return false;
  if (state.userInitiated || state.screen === WALLET_FLOW_SCREEN.passwordRecovery) return true;
  if (state.cloud?.purpose === 'recover' || state.cloud?.error) return true;
  // An app offering only cloud backups (stored before they were refused) leaves nothing to choose: let the user out.
  if (state.screen === WALLET_FLOW_SCREEN.recoverySelection && state.options.length === 0) return true;
  // A failed automatic flow may still be left (the caller then sees the failure).
  return state.connectError !== null || state.password.result?.ok === false;
}

const stay = (state: WalletFlowState): WalletFlowTransition => ({ state, effects: [] });

const isPasswordScreen = (screen: WalletFlowScreen | null) =>
  screen === WALLET_FLOW_SCREEN.passwordCreate || screen === WALLET_FLOW_SCREEN.passwordUpdate;

function finish(state: WalletFlowState, outcome: WalletFlowOutcome): WalletFlowTransition {
  const purpose = state.purpose;
  const closed = { ...initialWalletFlow(), appName: state.appName };
  if (!purpose) return stay(closed);
  return { state: closed, effects: [{ type: 'cancelTimers' }, { type: 'finish', purpose, outcome }] };
}

/** After connecting for a password change: the splash for a first password, else straight to reset. */
function afterConnected(state: WalletFlowState): WalletFlowTransition {
  if (state.purpose === 'recover') return finish(state, 'done');
  if (state.purpose === 'set-recovery') return stay({ ...state, screen: WALLET_FLOW_SCREEN.recoverySelection });
  if (state.hasPassword) {
    return stay({
      ...state,
      screen: WALLET_FLOW_SCREEN.passwordUpdate,
      password: initialPasswordFlow({ purpose: 'update', reset: true }),
    });
  }
  return stay({ ...state, screen: WALLET_FLOW_SCREEN.passwordUpdateSplash });
}

function start(state: WalletFlowState, patch: Partial<WalletFlowState>): WalletFlowState {
  return { ...initialWalletFlow(), appName: state.appName, ...patch };
}

function passwordStep(state: WalletFlowState, event: PasswordFlowEvent): WalletFlowTransition {
  if (event.type === 'back' && state.password.step === 'creating') {
    if (!canGoBack(state.password)) return stay(state);
    return stay({ ...state, screen: WALLET_FLOW_SCREEN.recoverySelection });
  }
  const result = passwordFlowTransition(state.password, event);
  let next: WalletFlowState = { ...state, password: result.state };
  const effects: WalletFlowEffect[] = result.effects.map((effect) => {
    if (effect.type === 'download') return { ...effect, fileName: recoveryFileName(state.appName) };
    return effect;
  });
  // SPEC §4: on done, an automatic flow closes itself after 1.4 s.
  if (event.type === 'submitted' && result.state.step === 'done' && !state.userInitiated) {
    effects.push({ type: 'after', ms: DELAY.passwordFlowAutoClose, event: { type: 'autoClose' } });
  }
  if (next.password === state.password) next = state;
  return { state: next, effects };
}

function recoverFailedCode(reason: 'wrong-password' | 'rate-limited' | 'other'): FlowMessageCode {
  if (reason === 'wrong-password') return 'invalid_recovery_pin';
  if (reason === 'rate-limited') return 'too_many_requests';
  return 'wallet_error';
}

/** The wallet flow's pure transition: screens, back rules, close rules and the password flow inside. */
export function walletFlowTransition(state: WalletFlowState, event: WalletFlowEvent): WalletFlowTransition {
  switch (event.type) {
    case 'startCreate': {
      if (state.screen) return stay(state);
      const options = recoveryOptions(event.options);
      // An app that chose the password alone goes straight to it; otherwise the selection screen shows
      // (with the built options only), as SPEC's creation path has it.
      const onlyPassword = event.options.length === 1 && event.options[0] === 'user-passcode';
      const base = start(state, { purpose: 'create', appName: event.appName, options });
      if (onlyPassword) {
        return stay({
          ...base,
          screen: WALLET_FLOW_SCREEN.passwordCreate,
          password: initialPasswordFlow({ purpose: 'create' }),
        });
      }
      return stay({ ...base, screen: WALLET_FLOW_SCREEN.recoverySelection });
    }
    case 'startSetPassword': {
      if (state.screen) return stay(state);
      const base = start(state, {
        purpose: 'set-password',
        userInitiated: true,
        appName: event.appName,
        hasPassword: event.hasPassword,
      });
      if (event.connected) return afterConnected(base);
      return { state: { ...base, screen: WALLET_FLOW_SCREEN.connecting }, effects: [{ type: 'connect' }] };
    }
    case 'startSetRecovery': {
      if (state.screen) return stay(state);
      const base = start(state, {
        purpose: 'set-recovery',
        userInitiated: true,
        appName: event.appName,
        options: recoveryOptions(event.options, event.current),
        hasPassword: event.current === 'user-passcode',
      });
      if (event.connected) return afterConnected(base);
      return { state: { ...base, screen: WALLET_FLOW_SCREEN.connecting }, effects: [{ type: 'connect' }] };
    }
    case 'startRecover': {
      if (state.screen) return stay(state);
      const base = start(state, { purpose: 'recover', appName: event.appName });
      if (isCloudMethod(event.method)) return startCloudStep(base, event.method, 'recover');
      return stay({ ...base, screen: WALLET_FLOW_SCREEN.passwordRecovery });
    }
    case 'cloudRecoveryRequired':
      if (state.screen !== WALLET_FLOW_SCREEN.connecting) return stay(state);
      return startCloudStep(state, event.method, 'recover');
    case 'confirmCloud':
    case 'cloudFailed':
      return cloudStepTransition(state, event);
    case 'cloudDone':
      if (!state.cloud?.busy) return stay(state);
      // A recovery on the way to a password or a new method goes on there; anything else is done.
      if (state.cloud.purpose === 'recover' && state.purpose !== 'recover')
        return afterConnected({ ...state, cloud: null });
      return finish(state, 'done');
    case 'connected':
      return state.screen === WALLET_FLOW_SCREEN.connecting ? afterConnected(state) : stay(state);
    case 'passwordRequired':
      if (state.screen !== WALLET_FLOW_SCREEN.connecting) return stay(state);
      return stay({ ...state, screen: WALLET_FLOW_SCREEN.passwordRecovery, recovery: EMPTY_RECOVERY });
    case 'connectFailed':
      if (state.screen !== WALLET_FLOW_SCREEN.connecting) return stay(state);
      return stay({ ...state, connectError: 'wallet_error' });
    case 'chooseOption': {
      if (state.screen !== WALLET_FLOW_SCREEN.recoverySelection) return stay(state);
      if (!state.options.some((o) => o.method === event.method)) return stay(state);
      if (isCloudMethod(event.method)) return startCloudStep(state, event.method, 'backup');
      const purpose = state.purpose === 'create' ? 'create' : 'update';
      return stay({
        ...state,
        screen: purpose === 'create' ? WALLET_FLOW_SCREEN.passwordCreate : WALLET_FLOW_SCREEN.passwordUpdate,
        password: initialPasswordFlow({ purpose, reset: state.hasPassword, fromSelection: true }),
      });
    }
    case 'showBackupIntro':
      if (state.screen !== WALLET_FLOW_SCREEN.recoverySelection) return stay(state);
      return stay({ ...state, screen: WALLET_FLOW_SCREEN.backupIntro });
    case 'selectBackupMethod':
      if (state.screen !== WALLET_FLOW_SCREEN.backupIntro) return stay(state);
      return stay({ ...state, screen: WALLET_FLOW_SCREEN.recoverySelection });
    case 'addPassword':
      if (state.screen !== WALLET_FLOW_SCREEN.passwordUpdateSplash) return stay(state);
      return stay({
        ...state,
        screen: WALLET_FLOW_SCREEN.passwordUpdate,
        password: initialPasswordFlow({ purpose: 'update' }),
      });
    case 'recoveryPasswordChanged':
      if (state.screen !== WALLET_FLOW_SCREEN.passwordRecovery || state.recovery.recovering) return stay(state);
      return stay({ ...state, recovery: { ...state.recovery, password: event.password, error: null } });
    case 'toggleRecoveryReveal':
      return stay({ ...state, recovery: { ...state.recovery, revealed: !state.recovery.revealed } });
    case 'submitRecovery': {
      const { recovery } = state;
      // SPEC §5: the recovery button is disabled until a password is entered.
      if (state.screen !== WALLET_FLOW_SCREEN.passwordRecovery || recovery.recovering || !recovery.password) {
        return stay(state);
      }
      return {
        state: { ...state, recovery: { ...recovery, recovering: true, error: null } },
        effects: [{ type: 'recover', password: recovery.password }],
      };
    }
    case 'recovered':
      if (!state.recovery.recovering) return stay(state);
      if (state.purpose === 'set-password') return afterConnected({ ...state, recovery: EMPTY_RECOVERY });
      return finish(state, 'done');
    case 'recoverFailed':
      if (!state.recovery.recovering) return stay(state);
      return stay({
        ...state,
        recovery: { ...state.recovery, recovering: false, error: recoverFailedCode(event.reason) },
      });
    case 'close': {
      if (!isClosable(state)) return stay(state);
      const ok = state.password.result?.ok === true;
      const failed = state.password.result?.ok === false || state.connectError !== null;
      return finish(state, ok ? 'done' : failed ? 'failed' : 'exited');
    }
    case 'autoClose':
      return state.password.result?.ok ? finish(state, 'done') : stay(state);
    case 'back':
      // Back from the intro, and from a backup that is not waiting on the provider, goes to the selection.
      if (state.screen === WALLET_FLOW_SCREEN.backupIntro || (state.cloud?.purpose === 'backup' && !state.cloud.busy)) {
        return stay({ ...state, screen: WALLET_FLOW_SCREEN.recoverySelection, cloud: null });
      }
      return isPasswordScreen(state.screen) ? passwordStep(state, event) : stay(state);
    default:
      return isPasswordScreen(state.screen) ? passwordStep(state, event) : stay(state);
  }
}

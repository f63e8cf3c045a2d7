import { BUILT_RECOVERY_OPTIONS, DELAY, type UserOwnedRecoveryOption } from '@latch/protocol';
import type { FlowMessageCode } from '../machine/flowMessage.js';
import {
  canGoBack,
  initialPasswordFlow,
  type PasswordFlowEffect,
  type PasswordFlowEvent,
  type PasswordFlowState,
  passwordFlowTransition,
} from './passwordFlow.js';
import { recoveryFileName } from './passwordRules.js';

/** The embedded wallet screens of the recovery and password flows (SPEC §2; the intro has no SPEC id). */
export const WALLET_FLOW_SCREEN = {
  connecting: 'EMBEDDED_WALLET_CONNECTING_SCREEN',
  passwordRecovery: 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN',
  recoverySelection: 'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
  backupIntro: 'EMBEDDED_WALLET_BACKUP_INTRO_SCREEN',
  passwordUpdateSplash: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN',
  passwordUpdate: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN',
  passwordCreate: 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN',
} as const;

/** One of the screens above. */
export type WalletFlowScreen = (typeof WALLET_FLOW_SCREEN)[keyof typeof WALLET_FLOW_SCREEN];

/** Why the flow runs: create the wallet (screen path), set a password on it, or recover it on this device. */
export type WalletFlowPurpose = 'create' | 'set-password' | 'recover';

/** How a flow ended, reported to whoever started it. */
export type WalletFlowOutcome = 'done' | 'exited' | 'failed';

/** A recovery option on EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN (only built ones: cloud backups wait for OAuth). */
export interface RecoveryOptionView {
  method: UserOwnedRecoveryOption;
}

/** The wallet flow's state; `screen: null` means no dialog. */
export interface WalletFlowState {
  screen: WalletFlowScreen | null;
  purpose: WalletFlowPurpose | null;
  /** User-initiated flows can be closed and cancelled; automatic ones cannot (SPEC §4). */
  userInitiated: boolean;
  appName: string;
  options: RecoveryOptionView[];
  /** The wallet already has a password: the create step says 'Reset your password'. */
  hasPassword: boolean;
  /** Set when unlocking the wallet on this device failed. */
  connectError: FlowMessageCode | null;
  recovery: { password: string; revealed: boolean; recovering: boolean; error: FlowMessageCode | null };
  password: PasswordFlowState;
}

/** Events of the wallet flow: its own, and the password flow's (forwarded on the password screens). */
export type WalletFlowEvent =
  | { type: 'startCreate'; appName: string; options: UserOwnedRecoveryOption[] }
  | { type: 'startSetPassword'; appName: string; hasPassword: boolean; connected: boolean }
  | { type: 'startRecover'; appName: string }
  | { type: 'connected' }
  | { type: 'passwordRequired' }
  | { type: 'connectFailed' }
  | { type: 'chooseOption'; method: UserOwnedRecoveryOption }
  | { type: 'showBackupIntro' }
  | { type: 'selectBackupMethod' }
  | { type: 'addPassword' }
  | { type: 'recoveryPasswordChanged'; password: string }
  | { type: 'toggleRecoveryReveal' }
  | { type: 'submitRecovery' }
  | { type: 'recovered' }
  | { type: 'recoverFailed'; reason: 'wrong-password' | 'rate-limited' | 'other' }
  | { type: 'close' }
  | { type: 'autoClose' }
  | PasswordFlowEvent;

/** What the flow asks its runner to do. */
export type WalletFlowEffect =
  | Exclude<PasswordFlowEffect, { type: 'download' } | { type: 'after' }>
  | { type: 'download'; fileName: string; text: string }
  | { type: 'after'; ms: number; event: WalletFlowEvent }
  | { type: 'connect' }
  | { type: 'recover'; password: string }
  | { type: 'finish'; purpose: WalletFlowPurpose; outcome: WalletFlowOutcome }
  | { type: 'cancelTimers' };

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
  };
}

// Every option SPEC §2 names, in its order; an app listing none shows all three.
const ALL_OPTIONS: UserOwnedRecoveryOption[] = ['google-drive', 'icloud', 'user-passcode'];

/**
 * The selection screen's options: the app's (or all), in SPEC's order, without the ones this release
 * does not implement (cloud backups): an option that cannot be chosen is not shown.
 */
export function recoveryOptions(configured: readonly UserOwnedRecoveryOption[]): RecoveryOptionView[] {
  const wanted = configured.length > 0 ? configured : ALL_OPTIONS;
  const built: readonly UserOwnedRecoveryOption[] = BUILT_RECOVERY_OPTIONS;
  return ALL_OPTIONS.filter((m) => wanted.includes(m) && built.includes(m)).map((method) => ({ method }));
}

/** True when the close button shows and Escape closes (SPEC §4: automatic flows are not closable). */
export function isClosable(state: WalletFlowState): boolean {
  if (state.screen === null) return false;
  if (state.userInitiated || state.screen === WALLET_FLOW_SCREEN.passwordRecovery) return true;
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
    case 'startRecover':
      if (state.screen) return stay(state);
      return stay(
        start(state, { purpose: 'recover', appName: event.appName, screen: WALLET_FLOW_SCREEN.passwordRecovery }),
      );
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
      if (state.screen === WALLET_FLOW_SCREEN.backupIntro) {
        return stay({ ...state, screen: WALLET_FLOW_SCREEN.recoverySelection });
      }
      return isPasswordScreen(state.screen) ? passwordStep(state, event) : stay(state);
    default:
      return isPasswordScreen(state.screen) ? passwordStep(state, event) : stay(state);
  }
}

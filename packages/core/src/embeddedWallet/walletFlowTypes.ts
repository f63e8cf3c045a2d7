import type { RecoveryMethod, UserOwnedRecoveryOption } from '@latch/protocol';
import type { FlowMessageCode } from '../machine/flowMessage.js';
import type { CloudEffect, CloudMethod, CloudStep, CloudStepEvent } from './cloudRecoveryStep.js';
import type { PasswordFlowEffect, PasswordFlowEvent, PasswordFlowState } from './passwordFlow.js';
import type { RecoveryOptionView } from './recoveryOptions.js';

/** The embedded wallet screens of the recovery and password flows (SPEC §2; the intro has no SPEC id). */
export const WALLET_FLOW_SCREEN = {
  connecting: 'EMBEDDED_WALLET_CONNECTING_SCREEN',
  passwordRecovery: 'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN',
  recoverySelection: 'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
  backupIntro: 'EMBEDDED_WALLET_BACKUP_INTRO_SCREEN',
  passwordUpdateSplash: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN',
  passwordUpdate: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN',
  passwordCreate: 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN',
  recoveryOAuth: 'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN',
} as const;

/** One of the screens above. */
export type WalletFlowScreen = (typeof WALLET_FLOW_SCREEN)[keyof typeof WALLET_FLOW_SCREEN];

/**
 * Why the flow runs: create the wallet (screen path), set a password on it, choose its recovery method again
 * (the selection screen), or recover it on this device.
 */
export type WalletFlowPurpose = 'create' | 'set-password' | 'set-recovery' | 'recover';

/** How a flow ended, reported to whoever started it. */
export type WalletFlowOutcome = 'done' | 'exited' | 'failed';

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
  /** The cloud backup or recovery on EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN. */
  cloud: CloudStep | null;
}

/** Events of the wallet flow: its own, and the password flow's (forwarded on the password screens). */
export type WalletFlowEvent =
  | { type: 'startCreate'; appName: string; options: UserOwnedRecoveryOption[] }
  | { type: 'startSetPassword'; appName: string; hasPassword: boolean; connected: boolean }
  | {
      type: 'startSetRecovery';
      appName: string;
      options: UserOwnedRecoveryOption[];
      current: RecoveryMethod | null;
      connected: boolean;
    }
  | { type: 'startRecover'; appName: string; method?: RecoveryMethod | null }
  | { type: 'connected' }
  | { type: 'passwordRequired' }
  | { type: 'cloudRecoveryRequired'; method: CloudMethod }
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
  | CloudStepEvent
  | PasswordFlowEvent;

/** What the flow asks its runner to do. */
export type WalletFlowEffect =
  | Exclude<PasswordFlowEffect, { type: 'download' } | { type: 'after' }>
  | { type: 'download'; fileName: string; text: string }
  | { type: 'after'; ms: number; event: WalletFlowEvent }
  | { type: 'connect' }
  | { type: 'recover'; password: string }
  | CloudEffect
  | { type: 'finish'; purpose: WalletFlowPurpose; outcome: WalletFlowOutcome }
  | { type: 'cancelTimers' };

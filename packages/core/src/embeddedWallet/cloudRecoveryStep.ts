import type { UserOwnedRecoveryOption } from '@latch/protocol';
import type { WalletFlowEffect, WalletFlowState } from './walletFlowTypes.js';

/** A cloud backup method: Google Drive or iCloud (SPEC §3 `recoveryMethod`). */
export type CloudMethod = Exclude<UserOwnedRecoveryOption, 'user-passcode'>;

/**
 * Why a cloud step failed, as EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN words it (SPEC §8 "Farcaster and OAuth",
 * "Recovery"): the backup file is missing or was deleted, another account than the backup's was chosen, the user
 * closed the provider's window, a rate limit, the popup was blocked, anything else ('Recovery OAuth failed').
 */
export type CloudFailure =
  | 'cloud_backup_not_found'
  | 'cloud_account_mismatch'
  | 'oauth_user_denied'
  | 'too_many_requests'
  | 'popup_blocked'
  | 'failed';

/** The cloud step on screen: which provider, backing up or recovering, waiting on the provider, what went wrong. */
export interface CloudStep {
  method: CloudMethod;
  purpose: 'backup' | 'recover';
  busy: boolean;
  error: CloudFailure | null;
}

/** Events of the cloud step: 'Confirm with {provider}' / 'Try again', and how the round trip ended. */
export type CloudStepEvent =
  | { type: 'confirmCloud' }
  | { type: 'cloudDone' }
  | { type: 'cloudFailed'; failure: CloudFailure };

/** What the runner does for a cloud step: create the wallet with it, switch the wallet to it, or recover with it. */
export interface CloudEffect {
  type: 'cloud';
  method: CloudMethod;
  mode: 'create' | 'replace' | 'recover';
}

interface Transition {
  state: WalletFlowState;
  effects: WalletFlowEffect[];
}

export const RECOVERY_OAUTH_SCREEN = 'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN';

export const isCloudMethod = (method: unknown): method is CloudMethod =>
  method === 'google-drive' || method === 'icloud';

function cloudEffect(state: WalletFlowState, step: CloudStep): CloudEffect {
  const mode = step.purpose === 'recover' ? 'recover' : state.purpose === 'create' ? 'create' : 'replace';
  return { type: 'cloud', method: step.method, mode };
}

/**
 * Shows EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN for `method`. A backup starts at once (the selection click opened the
 * provider's window); a recovery waits for 'Confirm with {provider}', the click that may open one.
 */
export function startCloudStep(state: WalletFlowState, method: CloudMethod, purpose: CloudStep['purpose']): Transition {
  const step: CloudStep = { method, purpose, busy: purpose === 'backup', error: null };
  const next: WalletFlowState = { ...state, screen: RECOVERY_OAUTH_SCREEN, cloud: step };
  return { state: next, effects: step.busy ? [cloudEffect(state, step)] : [] };
}

/** 'Confirm with {provider}' and 'Try again'; a failed round trip stops waiting and says why. */
export function cloudStepTransition(
  state: WalletFlowState,
  event: Exclude<CloudStepEvent, { type: 'cloudDone' }>,
): Transition {
  const step = state.cloud;
  if (state.screen !== RECOVERY_OAUTH_SCREEN || !step) return { state, effects: [] };
  if (event.type === 'confirmCloud') {
    if (step.busy) return { state, effects: [] };
    const next = { ...step, busy: true, error: null };
    return { state: { ...state, cloud: next }, effects: [cloudEffect(state, next)] };
  }
  if (!step.busy) return { state, effects: [] };
  return { state: { ...state, cloud: { ...step, busy: false, error: event.failure } }, effects: [] };
}

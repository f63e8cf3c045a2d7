import type { StepUpAction } from '@latch/protocol';
import { ERROR_CATALOGUE } from '@latch/protocol/errors';

/**
 * Texts of the step-up screen (docs/widget.md "Step-up"). The title is SPEC's recovery-OAuth screen title;
 * the rest is ours (SPEC is silent). They load with the screen, not with the page.
 */
export const stepUpStrings = {
  stepUpTitle: "Confirm it's really you",
  stepUpReasonLink: 'Before you add a login method, confirm with one you already use.',
  stepUpReasonUpdateLogin: 'Before you change your login, confirm with a method you already use.',
  stepUpReasonUnlink: 'Before you remove a login method, confirm with one you already use.',
  stepUpReasonManageMfa: 'Before you change your verification methods, confirm with a method you already use.',
  stepUpReasonExport: 'Before you export your wallet key, confirm with a method you already use.',
  stepUpSendCode: 'Send a code to {label}',
  stepUpSendCodeToPhone: 'Send a code to your phone',
  stepUpPasskey: 'Use your passkey',
  stepUpWallet: 'Sign with {label}',
  stepUpOAuth: 'Confirm with {provider}',
  stepUpTotp: 'Use your authenticator app',
  stepUpNoFactors:
    'This account has no method from before this session to confirm with. Log out, log in again, then try once more.',
  stepUpLoading: 'Loading',
  stepUpSending: 'Sending code…',
  stepUpCodeSent: 'Enter the code sent to {destination}',
  stepUpCodeTotp: 'Enter the code from your authenticator app',
  stepUpCodeDigit: 'Digit {n} of {total}',
  stepUpResend: 'Resend code',
  stepUpWaitingPasskey: 'Follow the prompt from your browser or device to continue.',
  stepUpWaitingWallet: 'Sign the message in your wallet to continue.',
  stepUpWaitingOAuth: 'Complete the steps with {provider} to continue.',
  stepUpOtherMethod: 'Use another method',
  stepUpCancel: 'Cancel',
  stepUpWrongCode: 'Invalid or expired verification code',
  stepUpDenied: 'The confirmation was canceled or timed out. Try again.',
  stepUpFailed: 'Something went wrong. Try again.',
} as const;

/** The step-up texts' keys. */
export type StepUpStrings = { [K in keyof typeof stepUpStrings]: string };

/** The intro line of the step-up screen: what the confirmation is for. */
export function stepUpReason(text: StepUpStrings, action: StepUpAction): string {
  const reasons: Record<StepUpAction, string> = {
    link: text.stepUpReasonLink,
    update_login: text.stepUpReasonUpdateLogin,
    unlink: text.stepUpReasonUnlink,
    manage_mfa: text.stepUpReasonManageMfa,
    export: text.stepUpReasonExport,
  };
  return reasons[action];
}

/**
 * The text of a failed step-up: a wrong code and a cancelled ceremony have their own; any other catalogue
 * code shows its catalogue message (translated as `server_<code>`), else the generic failure.
 */
export function stepUpErrorText(text: StepUpStrings, code: string | null): string {
  if (!code) return '';
  if (code === 'invalid_credentials' || code === 'missing_or_invalid_mfa') return text.stepUpWrongCode;
  if (code === 'passkey_not_allowed' || code === 'oauth_user_denied') return text.stepUpDenied;
  // A locale's (or the host's) `server_<code>`, else the catalogue's English (as en.ts's serverMessage reads it).
  const translated = (text as Partial<Record<string, string>>)[`server_${code}`];
  const catalogue = (ERROR_CATALOGUE as Record<string, { message: string } | undefined>)[code]?.message;
  return translated ?? catalogue ?? text.stepUpFailed;
}

/**
 * Texts of the MFA screens: MFA_ENROLLMENT_FLOW_SCREEN and the 'Verify your identity' prompt. SPEC §2,
 * §5 and §8 texts are word for word (marked SPEC); the rest are ours where SPEC is silent
 * (docs/mfa.md "Widget"). Every key starts with `mfa` so it cannot collide with another catalogue's.
 * Loaded only with the MFA dialogs, never with the page.
 */
export const mfaStrings = {
  // Methods (SPEC §2 names)
  mfaMethodTotp: 'Authenticator App',
  mfaMethodSms: 'SMS',
  mfaMethodPasskey: 'Passkey',
  mfaMethodTotpDetail: 'Use an app like Google Authenticator or 1Password.',
  mfaMethodSmsDetail: 'Get a code by text message.',
  mfaMethodPasskeyDetail: 'Use the passkey on this device.',
  mfaRecommended: 'Recommended',
  mfaAdded: 'Added',
  mfaDisabled: 'Disabled',
  mfaSmsDisabledReason: 'You already log in by SMS, so SMS cannot be a second factor.',
  mfaRemove: 'Remove',
  mfaRemoveMethodLabel: 'Remove {method}',
  mfaContinue: 'Continue',
  mfaNotNow: 'Not now',
  mfaDone: 'Done',
  mfaClose: 'Close',
  mfaVerify: 'Verify',
  mfaCancel: 'Cancel',
  mfaRetry: 'Try again',
  // Intro (SPEC)
  mfaIntroTitle: 'Transaction Protection',
  mfaIntroDetail:
    'Add a second step to confirm it is you before your wallet is exported, recovered or its password changed.',
  // Method choice
  mfaSelectTitle: 'Choose a verification method',
  mfaSelectDetail: 'You will use it to confirm sensitive actions on your wallet.',
  // Authenticator app
  mfaTotpTitle: 'Set up your authenticator app',
  mfaTotpScan: 'Scan this QR code with your authenticator app, or enter the key below by hand.',
  mfaTotpQrLabel: 'QR code for your authenticator app',
  mfaTotpSecretLabel: 'Setup key',
  mfaTotpEnterCode: 'Enter the 6-digit code your app shows.',
  mfaTotpAdded: 'Authenticator app verification added',
  // SMS
  mfaSmsTitle: 'Set up SMS verification',
  mfaSmsPhoneDetail: 'Enter the phone number that should receive your verification codes.',
  mfaSmsSendCode: 'Send code',
  mfaSmsCodeTitle: 'Enter the code we sent',
  mfaSmsCodeDetail: 'We sent a 6-digit code to {phone}.',
  mfaSmsAdded: 'SMS verification added',
  // Passkey
  mfaPasskeyTitle: 'Verify with a passkey',
  mfaPasskeyIntro:
    'Use a passkey to confirm it is you. Passkeys use your fingerprint, face or screen lock, and cannot be phished.',
  mfaPasskeyListTitle: 'Your passkeys',
  mfaPasskeyNone: 'You have no passkey yet. Create one on this device first.',
  mfaPasskeyCreate: 'Create a passkey',
  mfaPasskeyEnable: 'Enable passkeys',
  mfaPasskeyAdded: 'Passkey verification added',
  mfaPasskeyMore: '+{count} more',
  // Done
  mfaAddedDetail: 'You will be asked for it before sensitive actions on your wallet.',
  // Removal confirmations (one per method)
  mfaRemoveTotpTitle: 'Remove the authenticator app?',
  mfaRemoveSmsTitle: 'Remove SMS verification?',
  mfaRemovePasskeyTitle: 'Remove passkey verification?',
  mfaRemoveTotpDetail: 'Codes from your authenticator app will no longer confirm actions on your wallet.',
  mfaRemoveSmsDetail: 'Codes sent by text message will no longer confirm actions on your wallet.',
  mfaRemovePasskeyDetail: 'Your passkeys stay linked for login but will no longer confirm actions on your wallet.',
  mfaRemoveConfirm: 'Remove',
  mfaRemoved: 'Verification method removed',
  // SPEC: the app offers no method
  mfaNoMethodsTitle: 'Add more security',
  mfaNoMethodsDetail: 'This app does not offer a second verification step yet.',
  // Prompt (SPEC title and buttons)
  mfaPromptTitle: 'Verify your identity',
  mfaPromptChoose: 'Choose how to confirm it is you.',
  mfaPromptTotp: 'Enter the 6-digit code from your authenticator app.',
  mfaPromptSms: 'Enter the 6-digit code we sent to your phone.',
  mfaPromptPasskey: 'Confirm with your passkey when your browser asks.',
  mfaPromptPasskeyWaiting: 'Waiting for your passkey…',
  mfaChooseAnother: 'Choose another method',
  mfaResendCode: 'Resend code',
  mfaVerifying: 'Verifying…',
  mfaVerified: 'Verified',
  // Code entry
  mfaCodeLabel: 'Verification code',
  // SPEC §5 code messages
  mfaCodeNotNumeric: 'Passcode can only be numbers',
  mfaCodeWrongLength: 'Passcode must be exactly 6 numbers',
  // SPEC §8 MFA messages
  mfaErrorMaxAttempts:
    'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  mfaErrorInvalidCode: 'The code you entered is not valid',
  mfaErrorTimeout: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  mfaErrorCanceled: 'Verification canceled',
  mfaErrorUnknownEnrollment: 'Unknown error',
  mfaErrorUnknownPrompt: 'Something went wrong.',
  // SPEC §8 passkey messages (the passkey path of the prompt and of enrolment)
  mfaErrorPasskeyNotAllowed: 'Passkey request timed out or rejected by user.',
  mfaErrorTooManyRequests: 'Too many requests. Please wait before trying again.',
  // Recovery codes (MFA-06; ours)
  mfaRecoveryCodesTitle: 'Save your recovery codes',
  mfaRecoveryCodesDetail:
    'If you lose your phone or authenticator app, each code works once in place of a verification code. Keep them somewhere safe: they are shown only this once.',
  mfaRecoveryCodesCopy: 'Copy',
  mfaRecoveryCodesCopied: 'Copied',
  mfaRecoveryCodesDownload: 'Download',
  mfaUseRecoveryCode: 'Use a recovery code',
  mfaPromptRecoveryCode: 'Enter one of the recovery codes you saved when you set up verification.',
  mfaRecoveryCodeLabel: 'Recovery code',
} as const;

/** The MFA texts' keys. */
export type MfaStrings = { [K in keyof typeof mfaStrings]: string };

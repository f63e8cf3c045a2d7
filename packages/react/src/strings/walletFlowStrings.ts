/**
 * Texts of the embedded wallet's password and recovery screens. SPEC §2/§5/§8 texts are word for
 * word; the rest (marked) are ours where SPEC is silent (docs/embedded-wallet.md). Loaded only with
 * the wallet-flow dialog.
 */
export const walletFlowStrings = {
  continue: 'Continue',
  // EMBEDDED_WALLET_CONNECTING_SCREEN (ours)
  connectingTitle: 'Connecting to your wallet',
  connectingFailedTitle: 'Something went wrong',
  connectingFailedDetail: "We're on it. Please try again later.",
  // EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN
  recoveryTitle: 'Enter your password',
  recoveryDescription: 'Enter the password you set to restore your account on this device.',
  recoveryButton: 'Recover your account',
  passwordLabel: 'Password',
  show: 'Show',
  hide: 'Hide',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  // EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN
  selectionTitle: 'Secure your account',
  selectionDescription: 'Choose how to back up your account, so you can restore it on a new device.',
  googleDrive: 'Back up to Google Drive',
  icloud: 'Back up to Apple iCloud',
  setAPassword: 'Set a password',
  backupWhy: 'Why do I need to secure my account?',
  // Backup-method intro
  introTitle: 'Why do I need to secure my account?',
  introBody:
    'Your account is protected by a key split between this device and our servers. A backup lets you restore it if you lose this device or use a new one.',
  introButton: 'Select backup method',
  // EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN
  splashTitle: 'Secure Your Account',
  splashDescription: 'Add a password so that only you can restore your account on a new device.',
  splashButton: 'Add password',
  // Password flow
  createTitle: 'Set your password',
  resetTitle: 'Reset your password',
  createDescription: 'You will need this password to restore your account on a new device.',
  generate: 'Generate',
  strength: 'Strength',
  // SPEC §5's strength labels (core's PasswordStrengthLabel, shown through these keys)
  strengthWeak: 'Weak',
  strengthMedium: 'Medium',
  strengthStrong: 'Strong',
  saveTitle: 'Save your password',
  saveDescription: 'Keep it somewhere safe. Without it you cannot restore your account on a new device.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  confirmTitle: 'Confirm your password',
  confirmLabel: 'Confirm password',
  finalizeTitle: 'Confirm you have saved',
  acknowledgement: 'I understand that if I lose my password and my device, I lose access to my account and my assets.',
  setPassword: 'Set Password',
  cancel: 'Cancel',
  successTitle: 'Success',
  successDescription: 'Your account is secured with your password.',
  failedTitle: 'Something went wrong',
  tryAgain: 'Try again',
  // EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN: cloud backups (SPEC §2, §8 "Farcaster and OAuth"; the rest ours)
  providerGoogle: 'Google',
  providerApple: 'Apple',
  cloudRecoverTitle: "Confirm it's really you",
  cloudRecoverDescription:
    'Your account is backed up to {provider}. Confirm with the same {provider} account to restore it on this device.',
  cloudBackupDescription:
    'Confirm with {provider} to keep an encrypted backup of your account in your own {provider} account.',
  cloudConfirm: 'Confirm with {provider}',
  cloudWaiting: 'Waiting for {provider}…',
  cloudRecoverFailed: 'Recovery with {provider} unsuccessful',
  cloudBackupFailed: 'Back up with {provider} unsuccessful',
  cloudAccountHint: 'Make sure you select the {provider} account tied to your backup.',
  cloudNotFound: 'The backup of this account was not found in {provider}. It may have been deleted.',
  cloudAccountMismatch: 'This is not the {provider} account the backup was made with.',
  cloudDenied: 'Retry and check {provider} to finish connecting your account.',
  cloudRateLimited: 'Request limit reached for {provider}. Please wait a moment and try again.',
  cloudPopupBlocked: 'Your browser blocked the {provider} window. Allow pop-ups for this site and try again.',
  cloudOtherFailure: 'Recovery OAuth failed',
} as const;

/** The wallet-flow texts' keys. */
export type WalletFlowStrings = { [K in keyof typeof walletFlowStrings]: string };

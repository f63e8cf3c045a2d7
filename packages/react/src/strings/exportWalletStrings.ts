/** Texts of EMBEDDED_WALLET_KEY_EXPORT_SCREEN (SPEC §2: title and warning word for word). */
export const exportWalletStrings = {
  title: 'Transfer Wallet',
  warning: 'Never share your private key with anyone! It controls your account.',
  addressLabel: 'Wallet address',
  // SPEC §2: a two-step instruction; the step-up code is part of the first step.
  stepCopy: 'Enter the code we send you in the box below, then reveal your private key and copy it.',
  stepImport: 'Import it into another wallet app to use this account there.',
  frameTitle: 'Your private key',
} as const;

/** The key-export texts' keys. */
export type ExportWalletStrings = { [K in keyof typeof exportWalletStrings]: string };

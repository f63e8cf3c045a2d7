/** Texts of EMBEDDED_WALLET_KEY_EXPORT_SCREEN (SPEC §2: title and warning word for word) and of the import screen. */
export const exportWalletStrings = {
  title: 'Transfer Wallet',
  warning: 'Never share your private key with anyone! It controls your account.',
  addressLabel: 'Wallet address',
  // SPEC §2: a two-step instruction; the step-up code is part of the first step.
  stepCopy: 'Enter the code we send you in the box below, then reveal your private key and copy it.',
  stepImport: 'Import it into another wallet app to use this account there.',
  frameTitle: 'Your private key',
  // Import (issue #32): the key is typed into the wallet frame's own form, placed over this screen.
  importTitle: 'Import wallet',
  importFailed: 'The wallet could not be imported.',
} as const;

/** The key-export texts' keys. */
export type ExportWalletStrings = { [K in keyof typeof exportWalletStrings]: string };

/** Texts of EMBEDDED_WALLET_KEY_EXPORT_SCREEN (SPEC §2: title and warning word for word). */
export const exportWalletStrings = {
  title: 'Transfer Wallet',
  warning: 'Never share your private key with anyone! It controls your account.',
  addressLabel: 'Wallet address',
  stepCode: 'Enter the code we send you in the box below: it confirms it is you.',
  stepCopy: 'Reveal your private key there and copy it.',
  stepImport: 'Import it into another wallet app to use this account there.',
  frameTitle: 'Your private key',
  connecting: 'Connecting your wallet',
} as const;

/** The key-export texts' keys. */
export type ExportWalletStrings = { [K in keyof typeof exportWalletStrings]: string };

/** Texts of EMBEDDED_WALLET_KEY_EXPORT_SCREEN (SPEC §2: title and warning word for word). */
export const exportWalletStrings = {
  title: 'Transfer Wallet',
  warning: 'Never share your private key with anyone! It controls your account.',
  addressLabel: 'Wallet address',
  stepCopy: 'Copy your private key from the box below.',
  stepImport: 'Import it into another wallet app to use this account there.',
  frameTitle: 'Your private key',
  connecting: 'Connecting your wallet',
} as const;

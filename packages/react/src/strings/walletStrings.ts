/**
 * Texts of the wallet list and the external-wallet screens. They load with those screens, not with the page;
 * a host overrides them like any other text (the `strings` prop of LatchProvider).
 */
export const walletStrings = {
  connect: 'Connect',
  notAvailableYet: 'Not available yet',
  loadingWallets: 'Loading wallets',
  waitingForWallet: 'Waiting for {wallet}',
  confirmInWallet: 'Confirm the request in your wallet to continue.',
  switchingChain: 'Switching to a supported network',
  signWithWallet: 'Sign with your wallet',
  signInWallet: 'Sign the message in your wallet to log in.',
  signToLinkWallet: 'Sign the message in your wallet to link it to your account.',
  retry: 'Retry',
  success: 'Success!',
  useDifferentWallet: 'Use a different wallet',
  // LINK_WALLET_SCREEN
  linkWalletTitle: 'Connect your wallet',
  relinkWalletTitle: 'Reconnect your wallet',
  linkWalletDetail: 'Choose the wallet to link to your account.',
  linkWalletHint: 'Connect the wallet {address} to continue.',
  // Connect-only mode
  connectWalletTitle: 'Connect a wallet',
  connectOnlyDetail: 'Connect a wallet to this app without logging in.',
  connectOnlyAuthenticatedDetail: 'You are logged in. Connecting a wallet here does not link it to your account.',
  walletConnected: 'Connected',
  walletConnectedDetail: '{wallet} is connected: {address}',
  // INSTALL_PHANTOM_SCREEN, PHANTOM_INTERSTITIAL_SCREEN and WalletConnect
  installWalletTitle: 'Get {wallet}',
  installExtension: 'Install the {wallet} extension',
  setUpFirstWallet: 'Set up your first wallet',
  storeRecoveryPhrase: 'Store your recovery phrase in a safe place',
  reloadPage: 'Reload the page to use your wallet',
  learnMore: 'Learn more',
  openInWalletTitle: 'Continue in {wallet}',
  openInWalletDetail: "Open this page in {wallet}'s in-app browser to connect your wallet.",
  openWallet: 'Open {wallet}',
  // SESSION_HAND_OFF_SCREEN (in the wallet's browser, after a signed-in page opened it)
  handOffTitle: 'Continue as {account}?',
  handOffDetail: 'You were signed in on another browser. Continue only if this is your account.',
  handOffContinue: 'Continue',
  handOffDecline: 'Not me',
  walletConnectScan: 'Scan this code with your phone’s wallet app to connect.',
  walletConnectQr: 'WalletConnect QR code',
  walletConnectOpen: 'Open your wallet app to connect.',
  walletConnectOpenButton: 'Open wallet app',
} as const;

/** The wallet texts' keys. */
export type WalletStrings = { [K in keyof typeof walletStrings]: string };

// The wallet-flow screens: one chunk, loaded when a wallet flow first shows a screen (screens/screenTable.ts).
export { EmbeddedWalletBackupIntroScreen } from './EmbeddedWalletBackupIntroScreen.js';
export { EmbeddedWalletConnectingScreen } from './EmbeddedWalletConnectingScreen.js';
export { EmbeddedWalletPasswordCreateScreen } from './EmbeddedWalletPasswordCreateScreen.js';
export { EmbeddedWalletPasswordRecoveryScreen } from './EmbeddedWalletPasswordRecoveryScreen.js';
export { EmbeddedWalletPasswordUpdateScreen } from './EmbeddedWalletPasswordUpdateScreen.js';
export { EmbeddedWalletPasswordUpdateSplashScreen } from './EmbeddedWalletPasswordUpdateSplashScreen.js';
export { EmbeddedWalletRecoveryOAuthScreen } from './EmbeddedWalletRecoveryOAuthScreen.js';
export { EmbeddedWalletRecoverySelectionScreen } from './EmbeddedWalletRecoverySelectionScreen.js';

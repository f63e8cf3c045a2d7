// The wallet-creation screens, one chunk: 'Creating your wallet' loads the created screen with it, so the
// created screen (on for DELAY.walletCreatedClose, shorter in a test suite's scaled run) never waits for its code.
export { EmbeddedWalletCreatedScreen } from './EmbeddedWalletCreatedScreen.js';
export { EmbeddedWalletOnAccountCreateScreen } from './EmbeddedWalletOnAccountCreateScreen.js';

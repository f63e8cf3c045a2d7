// The whole core entry (see walletRuntime.ts): keeps the initial core code in one chunk.
import '@latch/core';

// The external-wallet screens: one lazily loaded chunk (screens/screenTable.ts).
export { AwaitingConnectionScreen } from './AwaitingConnectionScreen.js';
export { AwaitingConnectOnlyConnectionScreen } from './AwaitingConnectOnlyConnectionScreen.js';
export { ConnectOnlyAuthenticatedScreen } from './ConnectOnlyAuthenticatedScreen.js';
export { ConnectOnlyLandingScreen } from './ConnectOnlyLandingScreen.js';
export { InstallPhantomScreen } from './InstallPhantomScreen.js';
export { LinkWalletScreen } from './LinkWalletScreen.js';
export { PhantomInterstitialScreen } from './PhantomInterstitialScreen.js';
export { SessionHandOffScreen } from './SessionHandOffScreen.js';

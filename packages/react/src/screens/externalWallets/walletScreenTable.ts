// The whole core entry (see walletRuntime.ts): keeps the initial core code in one chunk.
import '@latch/core';
import { SCREEN, type ScreenId } from '@latch/core';
import type { ComponentType } from 'react';
import type { ScreenProps } from '../ScreenProps.js';
import { AwaitingConnectionScreen } from './AwaitingConnectionScreen.js';
import { AwaitingConnectOnlyConnectionScreen } from './AwaitingConnectOnlyConnectionScreen.js';
import { ConnectOnlyAuthenticatedScreen } from './ConnectOnlyAuthenticatedScreen.js';
import { ConnectOnlyLandingScreen } from './ConnectOnlyLandingScreen.js';
import { InstallPhantomScreen } from './InstallPhantomScreen.js';
import { LinkWalletScreen } from './LinkWalletScreen.js';
import { PhantomInterstitialScreen } from './PhantomInterstitialScreen.js';

/** The external-wallet screens, one lazily loaded chunk (ScreenView's `walletScreen`). */
export const WALLET_SCREENS: Partial<Record<ScreenId, ComponentType<ScreenProps>>> = {
  [SCREEN.awaitingConnection]: AwaitingConnectionScreen,
  [SCREEN.awaitingConnectOnlyConnection]: AwaitingConnectOnlyConnectionScreen,
  [SCREEN.connectOnlyLanding]: ConnectOnlyLandingScreen,
  [SCREEN.connectOnlyAuthenticated]: ConnectOnlyAuthenticatedScreen,
  [SCREEN.linkWallet]: LinkWalletScreen,
  [SCREEN.phantomInterstitial]: PhantomInterstitialScreen,
  [SCREEN.installPhantom]: InstallPhantomScreen,
};

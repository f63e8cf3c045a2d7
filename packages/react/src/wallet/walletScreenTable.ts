// The whole core entry (see walletRuntime.ts): keeps the initial core code in one chunk.
import '@latch/core';
import { SCREEN, type ScreenId } from '@latch/core';
import type { ComponentType } from 'react';
import { AwaitingConnectionScreen } from '../screens/AwaitingConnectionScreen.js';
import { AwaitingConnectOnlyConnectionScreen } from '../screens/AwaitingConnectOnlyConnectionScreen.js';
import { ConnectOnlyAuthenticatedScreen } from '../screens/ConnectOnlyAuthenticatedScreen.js';
import { ConnectOnlyLandingScreen } from '../screens/ConnectOnlyLandingScreen.js';
import { InstallPhantomScreen } from '../screens/InstallPhantomScreen.js';
import { LinkWalletScreen } from '../screens/LinkWalletScreen.js';
import { PhantomInterstitialScreen } from '../screens/PhantomInterstitialScreen.js';
import type { ScreenProps } from '../screens/screenProps.js';

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

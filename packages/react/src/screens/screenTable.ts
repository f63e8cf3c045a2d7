import { SCREEN, type ScreenId, type WalletFlowScreen } from '@latch/core';
import type { ComponentType } from 'react';
import { LandingScreen } from './auth/LandingScreen.js';
import { social } from './auth/socialChunk.js';
import type { ScreenProps } from './ScreenProps.js';
import { screenGroup } from './screenGroup.js';

/** Every screen id a dialog shows: the login flow's and the wallet flows'. */
type AnyScreenId = ScreenId | WalletFlowScreen | 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN';

const single = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>) =>
  screenGroup(load).screen(pick);
const externalWallets = screenGroup(() => import('./externalWallets/externalWalletScreens.js'));
const walletFlows = screenGroup(() => import('./embeddedWallet/walletFlowScreens.js'));
// 'Creating your wallet' and the created screen that follows it: one chunk, so the second never suspends.
const walletCreation = screenGroup(() => import('./embeddedWallet/walletCreationScreens.js'));

/** Loads the wallet-flow screens: the wallet-flow dialog waits for them before it opens. */
export const preloadWalletFlowScreens = (): Promise<unknown> => walletFlows.preload();

/**
 * The one screen table: each screen id to its component, every one taking ScreenProps. Only LANDING
 * ships in the initial bundle; every other screen loads when first shown, the external-wallet, the
 * wallet-flow and the social screens as one chunk each.
 */
export const SCREENS: Record<AnyScreenId, ComponentType<ScreenProps>> = {
  [SCREEN.landing]: LandingScreen,
  [SCREEN.connectOrCreate]: LandingScreen,
  [SCREEN.awaitingCode]: single(
    () => import('./auth/AwaitingPasswordlessCodeScreen.js'),
    (m) => m.AwaitingPasswordlessCodeScreen,
  ),
  [SCREEN.consent]: single(
    () => import('./auth/AffirmativeConsentScreen.js'),
    (m) => m.AffirmativeConsentScreen,
  ),
  [SCREEN.allowlistRejection]: single(
    () => import('./auth/AllowlistRejectionScreen.js'),
    (m) => m.AllowlistRejectionScreen,
  ),
  [SCREEN.userLimitReached]: single(
    () => import('./auth/UserLimitReachedScreen.js'),
    (m) => m.UserLimitReachedScreen,
  ),
  [SCREEN.error]: single(
    () => import('./auth/ErrorScreen.js'),
    (m) => m.ErrorScreen,
  ),
  [SCREEN.loginFailed]: single(
    () => import('./auth/LoginFailedScreen.js'),
    (m) => m.LoginFailedScreen,
  ),
  [SCREEN.linkEmail]: single(
    () => import('./auth/LinkEmailScreen.js'),
    (m) => m.LinkEmailScreen,
  ),
  [SCREEN.linkPhone]: single(
    () => import('./auth/LinkPhoneScreen.js'),
    (m) => m.LinkPhoneScreen,
  ),
  [SCREEN.updateEmail]: single(
    () => import('./auth/UpdateEmailScreen.js'),
    (m) => m.UpdateEmailScreen,
  ),
  [SCREEN.awaitingPasskey]: single(
    () => import('./auth/AwaitingPasskeySystemDialogueScreen.js'),
    (m) => m.AwaitingPasskeySystemDialogueScreen,
  ),
  [SCREEN.linkPasskey]: single(
    () => import('./auth/LinkPasskeyScreen.js'),
    (m) => m.LinkPasskeyScreen,
  ),
  CAPTCHA_SCREEN: single(
    () => import('./auth/CaptchaScreen.js'),
    (m) => m.CaptchaScreen,
  ),
  [SCREEN.awaitingOAuth]: social.screen((m) => m.AwaitingOAuthScreen),
  [SCREEN.telegramAuth]: social.screen((m) => m.TelegramAuthScreen),
  [SCREEN.inAppBrowserLoginNotPossible]: social.screen((m) => m.InAppBrowserLoginNotPossibleScreen),
  AWAITING_FARCASTER_CONNECTION: social.screen((m) => m.AwaitingFarcasterConnectionScreen),
  AWAITING_FARCASTER_SIGNER: social.screen((m) => m.AwaitingFarcasterSignerScreen),
  [SCREEN.awaitingConnection]: externalWallets.screen((m) => m.AwaitingConnectionScreen),
  [SCREEN.awaitingConnectOnlyConnection]: externalWallets.screen((m) => m.AwaitingConnectOnlyConnectionScreen),
  [SCREEN.connectOnlyLanding]: externalWallets.screen((m) => m.ConnectOnlyLandingScreen),
  [SCREEN.connectOnlyAuthenticated]: externalWallets.screen((m) => m.ConnectOnlyAuthenticatedScreen),
  [SCREEN.linkWallet]: externalWallets.screen((m) => m.LinkWalletScreen),
  [SCREEN.phantomInterstitial]: externalWallets.screen((m) => m.PhantomInterstitialScreen),
  [SCREEN.installPhantom]: externalWallets.screen((m) => m.InstallPhantomScreen),
  SESSION_HAND_OFF_SCREEN: externalWallets.screen((m) => m.SessionHandOffScreen),
  [SCREEN.embeddedWalletCreated]: walletCreation.screen((m) => m.EmbeddedWalletCreatedScreen),
  [SCREEN.embeddedWalletOnCreate]: walletCreation.screen((m) => m.EmbeddedWalletOnAccountCreateScreen),
  EMBEDDED_WALLET_CONNECTING_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletConnectingScreen),
  EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletPasswordRecoveryScreen),
  EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletRecoverySelectionScreen),
  EMBEDDED_WALLET_BACKUP_INTRO_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletBackupIntroScreen),
  EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletRecoveryOAuthScreen),
  EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletPasswordUpdateSplashScreen),
  EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletPasswordUpdateScreen),
  EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN: walletFlows.screen((m) => m.EmbeddedWalletPasswordCreateScreen),
  EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN: single(
    () => import('./embeddedWallet/EmbeddedWalletSendTransactionScreen.js'),
    (m) => m.EmbeddedWalletSendTransactionScreen,
  ),
};

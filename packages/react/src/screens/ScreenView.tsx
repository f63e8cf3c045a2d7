import { SCREEN, type ScreenId } from '@latch/core';
import { errorScreenContent } from '@latch/protocol';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingView } from '../components/LoadingView.js';
import { useClientState, useFlowState } from '../hooks.js';
import { LandingScreen } from './auth/LandingScreen.js';
import type { ScreenProps } from './ScreenProps.js';

/** An external-wallet screen: they share one lazily loaded module (wallet/walletScreenTable.ts). */
const walletScreen = (id: ScreenId): ComponentType<ScreenProps> =>
  lazy(() =>
    import('./externalWallets/walletScreenTable.js').then((m) => ({ default: m.WALLET_SCREENS[id] ?? LoadingView })),
  );

// Only LANDING ships in the initial bundle; every other screen loads when first shown.
const SCREENS: Record<ScreenId, ComponentType<ScreenProps>> = {
  [SCREEN.landing]: LandingScreen,
  [SCREEN.connectOrCreate]: LandingScreen,
  [SCREEN.awaitingCode]: lazy(() =>
    import('./auth/AwaitingPasswordlessCodeScreen.js').then((m) => ({ default: m.AwaitingPasswordlessCodeScreen })),
  ),
  [SCREEN.consent]: lazy(() =>
    import('./auth/AffirmativeConsentScreen.js').then((m) => ({ default: m.AffirmativeConsentScreen })),
  ),
  [SCREEN.allowlistRejection]: lazy(() =>
    import('./auth/AllowlistRejectionScreen.js').then((m) => ({ default: m.AllowlistRejectionScreen })),
  ),
  [SCREEN.userLimitReached]: lazy(() =>
    import('./auth/UserLimitReachedScreen.js').then((m) => ({ default: m.UserLimitReachedScreen })),
  ),
  [SCREEN.error]: lazy(() => import('./auth/ErrorScreen.js').then((m) => ({ default: m.ErrorScreen }))),
  [SCREEN.loginFailed]: lazy(() =>
    import('./auth/LoginFailedScreen.js').then((m) => ({ default: m.LoginFailedScreen })),
  ),
  [SCREEN.linkEmail]: lazy(() => import('./auth/LinkEmailScreen.js').then((m) => ({ default: m.LinkEmailScreen }))),
  [SCREEN.linkPhone]: lazy(() => import('./auth/LinkPhoneScreen.js').then((m) => ({ default: m.LinkPhoneScreen }))),
  [SCREEN.updateEmail]: lazy(() =>
    import('./auth/UpdateEmailScreen.js').then((m) => ({ default: m.UpdateEmailScreen })),
  ),
  [SCREEN.embeddedWalletCreated]: lazy(() =>
    import('./embeddedWallet/EmbeddedWalletCreatedScreen.js').then((m) => ({ default: m.EmbeddedWalletCreatedScreen })),
  ),
  [SCREEN.awaitingConnection]: walletScreen(SCREEN.awaitingConnection),
  [SCREEN.awaitingConnectOnlyConnection]: walletScreen(SCREEN.awaitingConnectOnlyConnection),
  [SCREEN.connectOnlyLanding]: walletScreen(SCREEN.connectOnlyLanding),
  [SCREEN.connectOnlyAuthenticated]: walletScreen(SCREEN.connectOnlyAuthenticated),
  [SCREEN.linkWallet]: walletScreen(SCREEN.linkWallet),
  [SCREEN.phantomInterstitial]: walletScreen(SCREEN.phantomInterstitial),
  [SCREEN.installPhantom]: walletScreen(SCREEN.installPhantom),
  [SCREEN.embeddedWalletOnCreate]: lazy(() =>
    import('./embeddedWallet/EmbeddedWalletOnAccountCreateScreen.js').then((m) => ({
      default: m.EmbeddedWalletOnAccountCreateScreen,
    })),
  ),
};

/** The current screen of the flow, or the loading view until the app is ready. */
export function ScreenView({ titleId }: ScreenProps): ReactNode {
  const flow = useFlowState();
  const client = useClientState();
  if (client.status === 'error' && client.error) {
    const content = errorScreenContent(client.error);
    return (
      <div className="latch-screen" role="alert">
        <h2 className="latch-title" id={titleId}>
          {content.title}
        </h2>
        <p className="latch-text">{content.detail}</p>
      </div>
    );
  }
  if (client.status !== 'ready' || !flow.screen) return <LoadingView titleId={titleId} />;
  const Screen = SCREENS[flow.screen];
  return (
    <Suspense fallback={<LoadingView titleId={titleId} />}>
      <Screen titleId={titleId} />
    </Suspense>
  );
}

import { SCREEN, type ScreenId } from '../auth/screens.js';
import type { WalletIntent } from './walletConnectionTypes.js';

/** The screen a chosen wallet connects on: AWAITING_CONNECT_ONLY_CONNECTION in connect-only mode, else AWAITING_CONNECTION. */
export function awaitingScreenFor(intent: WalletIntent): ScreenId {
  return intent === 'connect-only' ? SCREEN.awaitingConnectOnlyConnection : SCREEN.awaitingConnection;
}

/** The wallet list a flow of this intent returns to ('Use a different wallet', back). */
export function walletListScreenFor(intent: WalletIntent, authenticated: boolean): ScreenId {
  if (intent === 'link') return SCREEN.linkWallet;
  if (intent === 'connect-only') return authenticated ? SCREEN.connectOnlyAuthenticated : SCREEN.connectOnlyLanding;
  return SCREEN.landing;
}

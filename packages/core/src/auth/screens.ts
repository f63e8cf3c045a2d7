/** The named screens of the modal that the flows of this package move between (SPEC §2). */
export const SCREEN = {
  landing: 'LANDING',
  connectOrCreate: 'CONNECT_OR_CREATE',
  awaitingCode: 'AWAITING_PASSWORDLESS_CODE',
  consent: 'AFFIRMATIVE_CONSENT_SCREEN',
  allowlistRejection: 'ALLOWLIST_REJECTION_SCREEN',
  userLimitReached: 'USER_LIMIT_REACHED_SCREEN',
  error: 'ERROR_SCREEN',
  loginFailed: 'LOGIN_FAILED_SCREEN',
  linkEmail: 'LINK_EMAIL_SCREEN',
  linkPhone: 'LINK_PHONE_SCREEN',
  updateEmail: 'UPDATE_EMAIL_SCREEN',
  awaitingPasskey: 'AWAITING_PASSKEY_SYSTEM_DIALOGUE',
  linkPasskey: 'LINK_PASSKEY_SCREEN',
  awaitingOAuth: 'AWAITING_OAUTH_SCREEN',
  telegramAuth: 'TELEGRAM_AUTH_SCREEN',
  inAppBrowserLoginNotPossible: 'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE',
  embeddedWalletOnCreate: 'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
  embeddedWalletCreated: 'EMBEDDED_WALLET_CREATED_SCREEN',
  awaitingConnection: 'AWAITING_CONNECTION',
  awaitingConnectOnlyConnection: 'AWAITING_CONNECT_ONLY_CONNECTION',
  connectOnlyLanding: 'CONNECT_ONLY_LANDING_SCREEN',
  connectOnlyAuthenticated: 'CONNECT_ONLY_AUTHENTICATED_SCREEN',
  linkWallet: 'LINK_WALLET_SCREEN',
  phantomInterstitial: 'PHANTOM_INTERSTITIAL_SCREEN',
  installPhantom: 'INSTALL_PHANTOM_SCREEN',
} as const;

/**
 * A screen id, spelled as in SPEC §2. CAPTCHA_SCREEN and Farcaster's two screens are ids only, not SCREEN entries:
 * only their lazily loaded flows and screens name them (the page's first JavaScript stays small).
 */
export type ScreenId =
  | (typeof SCREEN)[keyof typeof SCREEN]
  | 'CAPTCHA_SCREEN'
  | 'AWAITING_FARCASTER_CONNECTION'
  | 'AWAITING_FARCASTER_SIGNER'
  // The mobile wallet redirect's confirmation (externalWallets/walletHandOffPrompt.ts), not a SPEC screen.
  | 'SESSION_HAND_OFF_SCREEN';

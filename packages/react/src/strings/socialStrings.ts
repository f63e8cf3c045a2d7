import { socialProviderNames } from './socialProviderNames.js';

/**
 * Texts of the social login: the landing's OAuth and Telegram buttons and the screens AWAITING_OAUTH_SCREEN,
 * TELEGRAM_AUTH_SCREEN and IN_APP_BROWSER_LOGIN_NOT_POSSIBLE. They load with the buttons' chunk (preloaded when the
 * app enables a provider), not with the page; a host overrides them through `strings` like any other text.
 */
export const socialStrings = {
  // Provider names (the landing's button labels).
  ...socialProviderNames,
  /** A landing button's accessible name (its visible label is the provider's name alone). */
  socialLoginWith: 'Log in with {provider}',
  // AWAITING_OAUTH_SCREEN: SPEC §2 names the screen only; the pending titles and hint are ours.
  oauthLoggingIn: 'Logging in with {provider}',
  oauthConnecting: 'Connecting your {provider} account',
  oauthWaiting: 'Complete the steps with {provider} to continue.',
  oauthRetry: 'Retry',
  success: 'Success!',
  // SPEC §8 "Farcaster and OAuth"
  oauthLoginFailed: 'Authentication failed',
  oauthLinkFailed: 'Connect failed',
  oauthUserDenied: 'Retry and check {provider} to finish connecting your account.',
  oauthRateLimited: 'Request limit reached for {provider}. Please wait a moment and try again.',
  oauthSuspended: 'Your {provider} account is suspended. Please try another login method.',
  oauthLinkedToAnotherUser: 'This account has already been linked to another user.',
  oauthSomethingWrong: 'Something went wrong. Try again.',
  oauthTimedOut: 'The request timed out. Try again.',
  // SPEC §5 "OAuth and browser": the returned state differs from the stored one.
  oauthStateMismatch: 'Unexpected auth flow. This may be a phishing attempt.',
  // TELEGRAM_AUTH_SCREEN: SPEC §2 names the screen; the button label is Telegram's own ('Log in with Telegram').
  telegramLoginTitle: 'Log in with Telegram',
  telegramLinkTitle: 'Connect your Telegram account',
  telegramHint: 'Telegram opens a window to confirm that it is you.',
  telegramLogin: 'Log in with Telegram',
  telegramLink: 'Connect Telegram',
  telegramWaiting: 'Waiting for Telegram…',
  // SPEC §8 "SDK texts" and "On-ramp and other"
  telegramFailed: 'Telegram auth failed or was canceled by the client',
  telegramRateLimited: 'Request limit reached for Telegram. Please wait a moment and try again.',
  telegramNotAllowed: 'Login with Telegram not allowed.',
  telegramNotInitialized: 'Telegram was not initialized',
  // AWAITING_FARCASTER_CONNECTION and AWAITING_FARCASTER_SIGNER (SPEC §2 names them and asks for a QR code or an
  // app deep link; the titles and hints are ours). Their errors are SPEC §8 "Farcaster and OAuth" (the oauth* texts).
  farcasterLoginTitle: 'Sign in with Farcaster',
  farcasterLinkTitle: 'Connect your Farcaster account',
  farcasterScan: "Scan with your phone's camera to continue.",
  farcasterOpenApp: 'Open the Farcaster app',
  farcasterOpenHint: 'Approve the request in the Farcaster app to continue.',
  farcasterQr: 'QR code to open in the Farcaster app',
  farcasterSignerTitle: 'Add a Farcaster signer',
  farcasterSignerScan: "Scan with your phone's camera, then approve the signer in the Farcaster app.",
  farcasterWaiting: 'Waiting for Farcaster…',
  // SPEC §4, §8: a signer request the user rejected.
  farcasterRejected: 'Request rejected',
  // IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (SPEC §2: 'Could not log in with provider', asks for an external browser).
  inAppBrowserTitle: 'Could not log in with provider',
  inAppBrowserDetail:
    "{provider} doesn't allow logging in from this app's built-in browser. Open this page in your browser (such as Safari or Chrome) to continue.",
  inAppBrowserCopy: 'Copy link',
  inAppBrowserCopied: 'Link copied',
  inAppBrowserOtherMethod: 'Use another method',
} as const;

/** The social login texts' keys. */
export type SocialStrings = { [K in keyof typeof socialStrings]: string };

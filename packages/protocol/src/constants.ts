/** SPEC §9 business constants as named values: no component or flow may use a bare number. */

/** Identifiers and limits. */
export const LIMIT = {
  appIdLength: 25,
  passkeysPerUser: 5,
  codeLength: 6,
  passwordMinLength: 6,
  passwordComplexityMinLength: 8,
  loginMessageMaxLength: 100,
  primaryLoginMethodsWarnAbove: 4,
  mfaAttempts: 4,
  walletConnectRetries: 2,
  fiatStatusMaxConsecutiveErrors: 3,
  captchaRetries: 3,
  accountSyncRetries: 10,
  pollingMaxAttempts: 270,
} as const;

/** Password strength thresholds (SPEC §5/§9). */
export const PASSWORD_STRENGTH = { medium: 0.5, strong: 0.9 } as const;

/** Delays in milliseconds (SPEC §9 "Delays"). */
export const DELAY = {
  beforeConsentOrWalletCreate: 900,
  successClose: 1400,
  codeBoxesClearAfterFailure: 1400,
  walletCreatedClose: 2500,
  resetAfterClose: 150,
  passwordCreatePause: 250,
  modalOpen: 15,
  authFlowClear: 200,
  passwordFlowAutoClose: 1400,
  copiedFeedback: 1500,
  keyExportMinimum: 1000,
  walletConnectSignPrompt: 2500,
  retry: 500,
  accountSyncRetry: 500,
  polling: 150,
  captchaPolling: 200,
  captchaInitial: 1000,
  captchaAutoExecute: 500,
  farcasterPoll: 2000,
  fiatStatusPoll: 3000,
} as const;

/**
 * The wallet frame's confirmation (docs/custody.md "What the frame signs"): a click counts only
 * after the confirmation has been on screen `minVisibleMs`; IntersectionObserver v2 checks visibility with
 * `visibilityDelayMs` (Chromium's minimum is 100); a frame viewport under `minViewport` cannot show it and
 * refuses, after waiting `viewportWaitMs` for the widget's placement to reach the frame.
 */
export const APPROVAL = {
  minVisibleMs: 500,
  visibilityDelayMs: 100,
  minViewport: { width: 240, height: 160 },
  viewportWaitMs: 1000,
} as const;

/**
 * The most characters of each host text on a sign confirmation (SPEC §2 EMBEDDED_WALLET_SIGN_REQUEST_SCREEN's
 * title, description and button text): the host cuts longer texts to these before the frame sees them.
 */
export const SIGN_TEXT_MAX = { title: 100, description: 300, buttonText: 40 } as const;

/** Timeouts in milliseconds (SPEC §9 "Timings"). */
export const TIMEOUT = {
  api: 20_000,
  walletRequest: 120_000,
  walletDetection: 3000,
  connectorInitialization: 1500,
  tokenExpiryMargin: 30_000,
  captchaWait: 20_000,
  walletProxyInCreationFlow: 30_000,
  walletProxyDirect: 15_000,
  walletCreate: 10_000,
  mfaCodeWait: 300_000,
  farcasterLogin: 120_000,
  farcasterSigner: 300_000,
} as const;

/** Transport retry rules (SPEC §7). */
export const RETRY = {
  attempts: 3,
  delayMs: 500,
  sessionDelayFactor: 3,
  statuses: [408, 409, 425, 500, 502, 503, 504] as readonly number[],
} as const;

/**
 * Waits on the server's `service_unavailable` (503 + Retry-After: a store it needs is down) where a user is
 * waiting on the call (code send, session refresh): a bounded number of tries, each after the server's
 * Retry-After clamped to [minDelayMs, maxDelayMs], so a user waits at most a few seconds before the error.
 */
export const UNAVAILABLE_RETRY = {
  attempts: 3,
  minDelayMs: 500,
  maxDelayMs: 3000,
} as const;

/** Display rules (SPEC §9 "Display"). */
export const DISPLAY = {
  landingListMaxHeight: 400,
  groupedVisibleBeforeOverflow: 3,
  groupedOverflowThreshold: 4,
  passkeysCollapsed: 2,
  dialogWidth: 360,
  mobileBreakpoint: 440,
  accordionMaxHeight: 700,
  modalHeightFull: 620,
  modalHeightCompact: 480,
  qrSize: 160,
  qrLogoRatio: 0.15,
  fiatDecimals: 2,
  tokenMaxDecimals: 6,
} as const;

/** Defaults (SPEC §9 "Defaults"). */
export const DEFAULTS = {
  landingHeader: 'Log in or sign up',
  phoneCountry: 'US',
  colorScheme: 'light',
  accentColor: '#676FFF',
  captchaSiteKeyPrefix: 't:',
  sdkVersion: '1.68.0',
  walletRecoveryFileSuffix: 'latch-wallet-recovery.txt',
} as const;

/**
 * The identity token (docs/node-sdk.md "Identity token"): a short-lived JWT with the user's linked accounts, signed
 * by the app's key like an access token, for the host's backend to read without a call. Its JWT header `typ` sets
 * it apart from an access token (`typ` JWT): neither is ever accepted as the other.
 */
export const IDENTITY_TOKEN = {
  /** Seconds from issue to expiry (at most 10 minutes: it carries a snapshot of the accounts). */
  ttlSeconds: 600,
  /** The JWT header `typ` of an identity token. */
  typ: 'latch-id+jwt',
} as const;

/** Server-side code rules (issue: server core; docs/passwordless.md "Guessing and lockout"). */
// Plain numbers, no `10 * 60_000`: a bundler keeps an object holding arithmetic even unused (the widget's case).
export const CODE_POLICY = {
  ttlMs: 600_000, // 10 minutes
  /** Wrong tries from the client that asked for a code after which that code dies (OTP-05). */
  maxWrongAttempts: 5,
  /** Wrong tries from all clients together after which a code dies. */
  maxWrongAttemptsAllSources: 30,
  /** Consecutive failures of one client at one address, across codes, that lock that client out of it (OTP-05). */
  lockAfterFailures: 10,
  /** How long that lock lasts after the last failure; a success ends it. */
  lockMs: 900_000, // 15 minutes
} as const;

import type { CreateOnLogin, HostErrorEvent, LoginMethod, OAuthProvider, User } from '@latch/protocol';
import type { FlowMessage } from '../machine/flowMessage.js';
import type { OAuthReturn } from '../session/returnParams.js';
import type { ScreenId } from './screens.js';

/** Whether the flow logs a user in, links an account, or updates the linked email (SPEC §4 "Login versus link"). */
export type FlowIntent = 'login' | 'link' | 'update';

/** The channel a one-time code goes through. */
export type OtpChannel = 'email' | 'sms';

/** The one-time-code flow's states (SPEC §4). */
export type OtpStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error';

/** What a passkey ceremony does: log in, sign up, add one to the user, or remove one. */
export type PasskeyOperation = 'login' | 'signup' | 'link' | 'unlink';

/** The passkey flow (AWAITING_PASSKEY_SYSTEM_DIALOGUE and LINK_PASSKEY_SCREEN). */
export interface PasskeyFlowState {
  status: 'idle' | 'pending' | 'done' | 'error';
  operation: PasskeyOperation | null;
  /** Bumped at each start: an answer of an earlier, replaced ceremony is ignored. */
  attempt: number;
  error: FlowError | null;
}

/** A social login method: one of the nine OAuth providers, Telegram or Farcaster. */
export type SocialMethod = OAuthProvider | 'telegram' | 'farcaster';

/**
 * AWAITING_FARCASTER_CONNECTION's and AWAITING_FARCASTER_SIGNER's progress (farcaster/farcasterFlow.ts): what the
 * QR code or the deep link shows, and what the next status poll sends.
 */
export interface FarcasterProgress {
  /** A Sign In With Farcaster channel (login or link), or a signer request. */
  kind: 'connect' | 'signer';
  /** The connect URI, or the signer's approval URL; null until the server answered. */
  uri: string | null;
  /** The relay channel's token (connect), or the signer's ed25519 public key (signer). */
  poll: string | null;
}

/**
 * The OAuth and Telegram flow (AWAITING_OAUTH_SCREEN, TELEGRAM_AUTH_SCREEN; SPEC §3 "OAuth and Telegram").
 * `operation` follows the flow's intent: log in (or sign up), or link to the signed-in user.
 */
export interface SocialFlowState {
  status: 'idle' | 'pending' | 'done' | 'error';
  method: SocialMethod | null;
  /** Bumped at each start: an answer of an earlier, replaced attempt is ignored. */
  attempt: number;
  error: FlowError | null;
  /** Farcaster's progress while `method` is farcaster (absent otherwise). */
  farcaster?: FarcasterProgress;
}

/** The one-time-code flow. */
export interface OtpState {
  status: OtpStatus;
  channel: OtpChannel | null;
  /** The email address or E.164 phone number the code went to. */
  destination: string | null;
  /** For UPDATE_EMAIL_SCREEN: the address being replaced. */
  previousAddress: string | null;
  /** The message under the code boxes after a refused code (a code; the screen has the text). */
  error: FlowMessage | null;
  /** Bumped each time the boxes must clear (1400 ms after a failure). */
  clearCount: number;
}

import type { FlowError } from '../machine/flowError.js';

/** What the flow needs to know about the app and the runner to choose the post-login screens. */
export interface FlowContext {
  requireUsersAcceptTerms: boolean;
  createOnLogin: CreateOnLogin;
  /** False until the embedded-wallet issue registers a handler: creation is then skipped. */
  canCreateEmbeddedWallet: boolean;
}

/** What one `login(options)` asks of the modal (useLogin): fewer methods, a filled input, no sign-up. */
export interface LoginRequest {
  /** Only these of the app's methods show (a method the app does not allow never does). */
  loginMethods?: readonly LoginMethod[];
  /** Fills the email input, or the phone input, with `value`. */
  prefill?: { type: 'email' | 'phone'; value: string };
  /** A code login that would create a new user fails (signup_disabled) instead. */
  disableSignup?: boolean;
}

/** Where the modal is in its life: screen set → 15 ms → open → closing → 200 ms → closed. */
export type ModalPhase = 'closed' | 'opening' | 'open' | 'closing';

/**
 * The captcha (SPEC §4 "Captcha"; core/src/captcha/captchaFlow.ts), set while a login modal of an app with captcha
 * on is open. `pending` is the init waiting on CAPTCHA_SCREEN for a token; `from` the screen it was asked on.
 */
export interface CaptchaState {
  status: 'disabled' | 'ready' | 'loading' | 'success' | 'error';
  token: string | null;
  /** Bumped at each execution: a late answer of an earlier one is ignored. */
  run: number;
  /** Failed executions in a row; past LIMIT.captchaRetries retries the adblocker / VPN hint shows. */
  failures: number;
  hint: boolean;
  /** The app's site key has no known prefix ('Unsupported captcha site key'). */
  unsupported: boolean;
  pending: FlowEvent | null;
  from: ScreenId | null;
  /** Polls of the token while waiting (DELAY.captchaPolling each, TIMEOUT.captchaWait in all). */
  polls: number;
}

/** The whole modal flow state. */
export interface AuthFlowState {
  phase: ModalPhase;
  screen: ScreenId | null;
  previousScreen: ScreenId | null;
  intent: FlowIntent;
  otp: OtpState;
  passkey: PasskeyFlowState;
  social: SocialFlowState;
  error: FlowError | null;
  /** The user once a code was accepted. */
  user: User | null;
  isNewUser: boolean;
  /** Set once the login or link succeeded, so a close reports success and not an exit. */
  succeeded: boolean;
  context: FlowContext;
  /** The options of the `login(options)` call that opened the modal, else null. */
  request: LoginRequest | null;
  /** Only when the app has captcha on (the captcha flow, loaded lazily, sets it). */
  captcha?: CaptchaState;
}

/** Events the screens, the runner and timers send to the flow. */
export type FlowEvent =
  | {
      type: 'open';
      intent: FlowIntent;
      screen: ScreenId;
      context: FlowContext;
      previousAddress?: string;
      request?: LoginRequest;
    }
  | { type: 'shown' }
  | { type: 'configure'; context: FlowContext }
  | { type: 'close' }
  | { type: 'cleared' }
  | { type: 'navigate'; screen: ScreenId }
  | { type: 'back' }
  | { type: 'submitEmail'; email: string }
  | { type: 'submitPhone'; phone: string }
  | { type: 'codeSent' }
  | { type: 'sendFailed'; error: FlowError }
  | { type: 'submitCode'; code: string }
  | { type: 'resendCode' }
  | { type: 'codeAccepted'; user: User; isNewUser: boolean }
  | { type: 'codeRejected'; error: FlowError }
  | { type: 'clearCode' }
  | { type: 'showConsent' }
  | { type: 'createEmbeddedWallet' }
  | { type: 'finish' }
  | { type: 'acceptTerms' }
  | { type: 'termsAccepted'; user: User }
  | { type: 'declineTerms' }
  | { type: 'walletCreated'; user: User }
  | { type: 'postLoginFailed'; error: FlowError }
  | { type: 'startPasskey'; operation: PasskeyOperation; credentialId?: string }
  | { type: 'passkeySucceeded'; attempt: number; user: User; isNewUser: boolean }
  | { type: 'passkeyFailed'; attempt: number; error: FlowError }
  /** `returned`: the page came back from a redirect-mode round trip with these parameters (finish it, no new one). */
  | { type: 'startOAuth'; provider: OAuthProvider; returned?: OAuthReturn }
  | { type: 'oauthSucceeded'; attempt: number; user: User; isNewUser: boolean }
  | { type: 'oauthFailed'; attempt: number; error: FlowError }
  | { type: 'startTelegram' }
  | { type: 'authorizeTelegram' }
  | { type: 'telegramSucceeded'; attempt: number; user: User; isNewUser: boolean }
  | { type: 'telegramFailed'; attempt: number; error: FlowError }
  /** Sign In With Farcaster (AWAITING_FARCASTER_CONNECTION), or a signer request (AWAITING_FARCASTER_SIGNER). */
  | { type: 'startFarcaster'; kind: 'connect' | 'signer' }
  /** The server opened the channel or took the signer request: `uri` to show, `poll` for the status polls. */
  | { type: 'farcasterOpened'; attempt: number; uri: string; poll: string }
  | { type: 'farcasterPoll'; attempt: number }
  | { type: 'farcasterPending'; attempt: number }
  | { type: 'farcasterTimeout'; attempt: number }
  | { type: 'farcasterSucceeded'; attempt: number; user: User; isNewUser: boolean }
  | { type: 'farcasterFailed'; attempt: number; error: FlowError }
  | { type: 'errorAction' }
  | CaptchaEvent;

/** The captcha's events: handled by its lazily loaded flow (core/src/captcha/captchaFlow.ts). */
export type CaptchaEvent =
  | { type: 'captchaExecute' }
  | { type: 'captchaSolved'; run: number; token: string }
  | { type: 'captchaFailed'; run: number; unsupported?: boolean }
  | { type: 'captchaExpired'; run: number }
  | { type: 'captchaPoll' }
  | { type: 'captchaRetry' }
  | { type: 'captchaSpent'; token: string }; // the wallet flow's SIWE init took this token

/** The passkey flow's events: its transitions load with the first of them (core/src/passkeys/passkeyFlow.ts). */
export type PasskeyEvent = Extract<FlowEvent, { type: 'startPasskey' | 'passkeySucceeded' | 'passkeyFailed' }>;

/** The OAuth and Telegram flow's events: its transitions load with the first of them (core/src/oauth/socialFlow.ts). */
export type SocialEvent = Extract<
  FlowEvent,
  {
    type:
      | 'startOAuth'
      | 'oauthSucceeded'
      | 'oauthFailed'
      | 'startTelegram'
      | 'authorizeTelegram'
      | 'telegramSucceeded'
      | 'telegramFailed'
      | FarcasterEvent['type'];
  }
>;

/** The Farcaster flow's events (farcaster/farcasterFlow.ts, loaded with the social flow). */
export type FarcasterEvent = Extract<
  FlowEvent,
  {
    type:
      | 'startFarcaster'
      | 'farcasterOpened'
      | 'farcasterPoll'
      | 'farcasterPending'
      | 'farcasterTimeout'
      | 'farcasterSucceeded'
      | 'farcasterFailed';
  }
>;

/** Exit errors reported to the host when the user leaves a flow (SPEC §4, §8 events). */
export type ExitError = 'exited_auth_flow' | 'exited_link_flow';

/** Side effects as data; the runner executes them (DESIGN §1 "flows"). */
export type FlowEffect =
  /** `timeout`: a SPEC timeout, which test delay scales never shorten (FlowClock.delayScale). */
  | { type: 'after'; ms: number; event: FlowEvent; timeout?: boolean }
  | { type: 'cancelTimers' }
  | { type: 'sendCode'; channel: OtpChannel; destination: string; intent: FlowIntent; captchaToken?: string }
  | {
      type: 'submitCode';
      channel: OtpChannel;
      intent: FlowIntent;
      destination: string;
      previousAddress: string | null;
      code: string;
      /** A login that must not create a user (LoginRequest.disableSignup). */
      disableSignup?: boolean;
    }
  | { type: 'passkey'; operation: PasskeyOperation; attempt: number; credentialId?: string }
  | { type: 'loadPasskeyFlow'; event: PasskeyEvent }
  | {
      type: 'oauth';
      provider: OAuthProvider;
      intent: FlowIntent;
      attempt: number;
      returned?: OAuthReturn;
      captchaToken?: string;
    }
  | { type: 'loadTelegramScript' }
  | { type: 'telegram'; intent: FlowIntent; attempt: number; captchaToken?: string }
  | { type: 'loadSocialFlow'; event: SocialEvent }
  /**
   * A Farcaster call (farcaster/farcasterFlow.ts): `open` the channel or the signer request, or poll its status
   * (`poll`: the channel token or the signer's public key); a completed channel then logs in or links.
   */
  | {
      type: 'farcaster';
      step: 'open' | 'poll';
      kind: 'connect' | 'signer';
      intent: FlowIntent;
      attempt: number;
      poll?: string;
    }
  | { type: 'acceptTerms' }
  | { type: 'createEmbeddedWallet'; user: User }
  | { type: 'logout' }
  | { type: 'reportComplete'; intent: FlowIntent; user: User; isNewUser: boolean }
  | { type: 'reportExit'; error: ExitError }
  /** SPEC §8: a failure the host hears (onError) while the flow stays on its error screen. */
  | { type: 'reportError'; error: HostErrorEvent }
  | CaptchaEffect;

/** The captcha's effects: the captcha flow's module loads with the first event (then replayed) and runs them. */
export type CaptchaEffect =
  | { type: 'loadCaptcha'; event: FlowEvent }
  | { type: 'captchaMount' }
  | { type: 'captchaRun'; run: number }
  | { type: 'captchaReset' };

/** What a transition returns. */
export interface Transition {
  state: AuthFlowState;
  effects: FlowEffect[];
}

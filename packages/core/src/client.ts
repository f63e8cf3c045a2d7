import {
  type AppConfig,
  IDENTITY_API,
  isAppId,
  LatchError,
  loadErrorCatalogue,
  type ServerAppConfig,
  toAppConfig,
  toUser,
  type WireUser,
} from '@latch/protocol';
import { type AnalyticsActions, analyticsActions } from './actions/analyticsActions.js';
import type { CaptchaActions } from './actions/captchaActions.js';
import { type ActionContext, sendAuthed, userOf } from './actions/context.js';
import type { EmailActions } from './actions/emailActions.js';
import type { PriceActions } from './actions/priceActions.js';
import type { SmsActions } from './actions/smsActions.js';
import { type UserActions, userActions } from './actions/userActions.js';
import type { WalletActions } from './actions/walletActions.js';
import { type Clock, systemClock } from './clock.js';
import type { HostConfig } from './hostConfig.js';
import { CODE_ACTIONS, lazyActions, loadOnce, SOCIAL_ACTIONS } from './lazyActions.js';
import type { OAuthBrowser } from './oauth/oauthBrowser.js';
import type { SocialActions } from './oauth/socialActions.js';
import type { PasskeyActions } from './passkeys/passkeyActions.js';
import { isCookieMode } from './session/cookieSession.js';
import { watchOtherTabs } from './session/crossTab.js';
import { type HandOffActions, handOffActions } from './session/handOffActions.js';
import { browserUrlAccess, type OAuthReturn, takeReturnParams, type UrlAccess } from './session/returnParams.js';
import { createSession } from './session/session.js';
import { createTokenStore, storageKeys } from './session/tokenStore.js';
import { defaultStorage, type LatchStorage } from './storage.js';
import { createStateStore, type LatchState } from './store.js';
import { createTransport } from './transport/transport.js';

/** Options of `createLatchClient`. */
export interface LatchClientOptions {
  /** The app id (exactly 25 characters). */
  appId: string;
  /** The app client id, when the app has several clients. */
  clientId?: string;
  /** The Latch server's base URL, e.g. `https://auth.example.com`. */
  apiUrl: string;
  /** Where tokens live (default: localStorage when available, else memory). */
  storage?: LatchStorage;
  /** Time source for every delay (default: the system clock). */
  clock?: Clock;
  /** The fetch to use (default: the global fetch, looked up at call time). */
  fetch?: typeof fetch;
  /** The page address, for the return parameters (default: `location` and `history` when present). */
  location?: UrlAccess;
  /**
   * The browser parts of round trips through other pages: the page's window, the tab's sessionStorage (the OAuth
   * redirect and the session hand-off keep their markers there), navigation (default: the browser's).
   */
  oauthBrowser?: Partial<OAuthBrowser>;
  /** Asks the user to step up when a signed-in call answers `step_up_required` (createLatch: the step-up screen). */
  stepUp?: ActionContext['stepUp'];
}

/** The OAuth return parameters found in the address on load. */
export type { OAuthReturn };

/** The headless Latch client. */
export interface LatchClient
  extends EmailActions,
    CaptchaActions,
    SmsActions,
    UserActions,
    AnalyticsActions,
    WalletActions,
    PriceActions,
    PasskeyActions,
    SocialActions,
    HandOffActions {
  readonly appId: string;
  /** The current state snapshot (a new object on every change). */
  getState(): LatchState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Loads the app config, restores the session and the user; safe to call more than once. */
  init(): Promise<LatchState>;
  /** An active access token (refreshed when needed), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** The identity token for the host's backend (refreshed when expired or after a link/unlink), or null when signed out. */
  getIdentityToken(): Promise<string | null>;
  /** Logs out on the server and always clears the local session. */
  logout(): Promise<void>;
  /** The OAuth return parameters read on init, handed out once (for the OAuth flow). */
  takeOAuthReturn(): OAuthReturn | null;
  /** The client analytics id every call carries (SPEC §7); the wallet frames get it as `caid`. */
  analyticsId(): string;
  /** True while the device grant of this tab's last login waits for the wallet frame (docs/custody.md). */
  hasDeviceGrant(): boolean;
  /** The device grant of this tab's last login, handed out once (memory only, never stored); else null. */
  takeDeviceGrant(): string | null;
  /** A signed-in call to the Latch server, for lazily loaded action modules (e.g. MFA's); see sendAuthed. */
  authedRequest<T>(path: string, body?: unknown): Promise<T>;
  /** Replaces the host's options (HostConfig's fields are read); the config is re-merged, unchanged when equal. */
  setHostConfig(host: HostConfig | undefined): void;
  /** Stops listening, cancels in-flight calls and drops subscribers. */
  destroy(): void;
}

/** Creates a headless Latch client; touches no browser global until `init()` or an action runs. */
export function createLatchClient(options: LatchClientOptions): LatchClient {
  if (!isAppId(options.appId)) throw new LatchError('invalid_app_id');
  const { appId } = options;
  // The error catalogue is a chunk of its own (not in the page's first JavaScript): fetched now, and
  // init() reports neither ready nor an error before they are here, so every error carries its message.
  const catalogueLoaded = loadErrorCatalogue()?.catch(() => {});
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? defaultStorage();
  const tokens = createTokenStore(storage, appId);
  const store = createStateStore();
  const lifetime = new AbortController();
  const transport = createTransport({
    apiUrl: options.apiUrl,
    appId,
    clientId: options.clientId,
    clock,
    fetch: options.fetch,
    analyticsId: tokens.analyticsId,
  });
  const session = createSession({
    appId,
    store: tokens,
    transport,
    clock,
    onSignedOut: () => store.update({ user: null }),
    onUser: (wire: WireUser) => store.update({ user: toUser(wire) }),
  });
  const ctx: ActionContext = {
    appId,
    clientId: options.clientId ?? null,
    clock,
    transport,
    session,
    store,
    signal: lifetime.signal,
    stepUp: options.stepUp,
  };
  let initializing: Promise<LatchState> | null = null;
  // The hand-offs' verifier lives in the tab storage injected for round trips, else the browser's sessionStorage.
  const handOffs = handOffActions(ctx, { storage: options.oauthBrowser?.sessionStorage, appId, clock });
  const passkeys = () => import('./passkeys/passkeyActions.js').then((m) => m.passkeyActions(ctx));
  // Wallet (SIWE) login and linking load on first use, like passkeys: not in the page's initial JavaScript.
  const wallets = () =>
    import('./actions/walletActions.js').then((m) => m.walletActions(ctx, options.location ?? browserUrlAccess()));
  let oauthReturn: OAuthReturn | null = null;
  const analytics = analyticsActions(ctx);
  // OAuth, Telegram and custom-token login load on first use: none of it is in the page's initial JavaScript.
  const socialLoaded = loadOnce(() =>
    import('./oauth/socialActions.js').then((m) =>
      m.socialActions(ctx, {
        apiUrl: options.apiUrl,
        trackEvent: analytics.trackEvent,
        url: options.location ?? browserUrlAccess(),
        browser: options.oauthBrowser,
      }),
    ),
  );
  // The code logins (and their paths) are a lazy chunk too, fetched by init() so a first click does not wait for it.
  const codesLoaded = loadOnce(() => import('./actions/codeActions.js').then((m) => m.codeActions(ctx)));
  let stopWatching: () => void = () => {};
  let serverConfig: AppConfig | null = null;
  let host: HostConfig | undefined;
  // The merge with the host's options lives in a lazy chunk (out of the page's first JavaScript).
  const hostSide = () => import('./hostConfig.js');
  // Each merge reads the latest `host`; an unchanged result is the same object, so nothing re-renders.
  const applyHost = async () => {
    const { applyHostConfig } = await hostSide();
    // Read after the await: a merge that waited for the chunk must compare with the latest config.
    const previous = store.get().config;
    const config = serverConfig && applyHostConfig(serverConfig, host, previous);
    if (config !== previous) store.update({ config });
  };

  const loadUser = async () => {
    const token = await session.getAccessToken();
    if (token === null) return store.update({ user: null });
    store.update({ user: userOf(await sendAuthed<WireUser | { user: WireUser }>(ctx, IDENTITY_API.me)) });
  };

  const init = async (): Promise<LatchState> => {
    store.update({ status: 'loading', error: null });
    hostSide().catch(() => {}); // loads while the config call runs
    codesLoaded().catch(() => {}); // likewise; a failed load is retried by the first code action
    const returned = takeReturnParams(options.location ?? browserUrlAccess());
    // The OAuth popup, back on the host page: it hands the result to its opener, closes, and does nothing else.
    // (Its module loads then: the check of the opener's origin and the message are there.) A cloud backup's popup
    // (the recovery OAuth) does nothing at all: its opener reads its address and closes it (cloudPopupReturn.ts).
    // ('latch-oauth' is OAUTH_POPUP_NAME, written out: that module stays out of the page's first chunk.)
    const page: Window | undefined = globalThis.window;
    const { oauth } = returned;
    if (page?.name === 'latch-oauth' && page.opener) {
      if (oauth) void import('./oauth/popupHandOff.js').then((m) => m.handOffOAuthPopup(oauth, page));
      return store.get();
    }
    oauthReturn = returned.oauth ?? oauthReturn;
    stopWatching();
    // Another tab's login or logout replaced this tab's session: a grant bound to it is of no use now.
    stopWatching = watchOtherTabs(storageKeys(appId).token, {
      signedOut: () => {
        session.keepDeviceGrant(null);
        store.update({ user: null });
      },
      signedIn: () => {
        session.keepDeviceGrant(null);
        void loadUser().catch(() => {});
      },
    });
    try {
      const server = await transport.request<ServerAppConfig>(IDENTITY_API.appConfig(appId), {
        signal: lifetime.signal,
      });
      serverConfig = toAppConfig(server);
      // Cookie mode when the app serves this API on its own site (custom_api_url): the session is in HttpOnly cookies.
      const cookies = isCookieMode(server.custom_api_url, options.apiUrl);
      transport.useCookies(cookies);
      session.useCookies(cookies);
      // Only the tab that asked, signed out, redeems a hand-off code (login CSRF); its module loads only then.
      if (returned.handOff) await handOffs.redeem(returned.handOff);
      await applyHost();
      if (session.hasSession()) await loadUser();
      await catalogueLoaded;
      store.update({ status: 'ready' });
    } catch (error) {
      const failure =
        error instanceof LatchError ? error : new LatchError('internal_error', undefined, { cause: error });
      await catalogueLoaded;
      store.update({ status: 'error', error: failure });
      // A page whose origin the app does not allow sees a network error (a refused preflight), or the readable
      // invalid_origin when another app allows its origin: a dev build says which origin to add (diagnoseOrigin
      // does nothing in a production build; its module stays out of the first chunk).
      if (failure.code === 'client_network_error' || failure.code === 'invalid_origin')
        void hostSide().then((m) =>
          m.diagnoseOrigin(options.apiUrl, appId, globalThis.location?.origin, options.fetch),
        );
    }
    return store.get();
  };

  return {
    appId,
    getState: store.get,
    subscribe: store.subscribe,
    init() {
      initializing ??= init().finally(() => {
        // A failed init may be retried; a successful one stays done.
        if (store.get().status === 'error') initializing = null;
      });
      return initializing;
    },
    getAccessToken: () => session.getAccessToken(),
    getIdentityToken: () => session.getIdentityToken(),
    logout: () => session.logout(),
    analyticsId: () => tokens.analyticsId(),
    hasDeviceGrant: () => session.hasDeviceGrant(),
    takeDeviceGrant: () => session.takeDeviceGrant(),
    takeOAuthReturn() {
      const taken = oauthReturn;
      oauthReturn = null;
      return taken;
    },
    setHostConfig(next) {
      host = next;
      applyHost().catch(() => {}); // a chunk that failed to load leaves the config as it was
    },
    destroy() {
      stopWatching();
      lifetime.abort();
      store.close();
    },
    ...lazyActions(CODE_ACTIONS, codesLoaded),
    ...userActions(ctx),
    ...analytics,
    // Asked only by the send screen: the call loads with it, out of the page's initial JavaScript.
    getTokenPrice: (chainId, tokenSymbol) =>
      import('./actions/priceActions.js').then((m) => m.priceActions(ctx).getTokenPrice(chainId, tokenSymbol)),
    prepareWalletSignIn: (account, captcha) => wallets().then((w) => w.prepareWalletSignIn(account, captcha)),
    loginWithWalletSignature: (signed) => wallets().then((w) => w.loginWithWalletSignature(signed)),
    linkWalletSignature: (signed) => wallets().then((w) => w.linkWalletSignature(signed)),
    loginWithWallet: (wallet, captcha) => wallets().then((w) => w.loginWithWallet(wallet, captcha)),
    linkWallet: (wallet, captcha) => wallets().then((w) => w.linkWallet(wallet, captcha)),
    unlinkWallet: (address) => wallets().then((w) => w.unlinkWallet(address)),
    authedRequest: (path, body) => sendAuthed(ctx, path, body),
    ...handOffs.actions,
    // Passkeys load on first use with @simplewebauthn/browser: neither is in the page's initial JavaScript.
    loginWithPasskey: (options) => passkeys().then((p) => p.loginWithPasskey(options)),
    signUpWithPasskey: (options) => passkeys().then((p) => p.signUpWithPasskey(options)),
    linkPasskey: (options) => passkeys().then((p) => p.linkPasskey(options)),
    unlinkPasskey: (credentialId) => passkeys().then((p) => p.unlinkPasskey(credentialId)),
    ...lazyActions(SOCIAL_ACTIONS, socialLoaded),
  };
}

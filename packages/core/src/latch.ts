import type { HostErrorEvent, LatchError, OAuthProvider, User } from '@latch/protocol';
import type { LoginResult } from './actions/context.js';
import { flowContextOf } from './auth/flowContext.js';
import { createFlowRunner, type FlowHandlers, type FlowRunner } from './auth/flowRunner.js';
import type { ExitError, LoginRequest } from './auth/flowTypes.js';
import { configWarnings } from './auth/landingLayout.js';
import { SCREEN, type ScreenId } from './auth/screens.js';
import { createLatchClient, type LatchClient } from './client.js';
import { type Clock, systemClock } from './clock.js';
import { confirmationOverrideRule } from './confirmationOverrideRule.js';
import { createEmbeddedWalletRuntime, type EmbeddedWalletRuntime } from './embeddedWallet/embeddedWalletRuntime.js';
import { createWalletsLoader, type WalletsLoader } from './externalWallets/walletsLoader.js';
import type { HostErrorFallback, toHostError } from './hostError.js';
import type { LatchOptions, LoginCallbacks, LoginCompleteResult } from './latchOptions.js';
import type { FundingController } from './onRamp/fundingController.js';
import { refuseInProduction } from './productionChecks.js';
import { walletOnDemand } from './walletOnDemand.js';

export type { LatchOptions, LoginCallbacks, LoginCompleteResult };

/** The whole Latch runtime for one page; any UI (React, vanilla, …) renders its stores and calls its actions. */
export interface Latch {
  client: LatchClient;
  /** The login / link flow (the modal's screens). */
  auth: FlowRunner;
  /** External wallets, loaded on first use. */
  wallets: WalletsLoader;
  embeddedWallet: EmbeddedWalletRuntime;
  /** Replaces the host callbacks and options (a UI binding passes its latest props). */
  setOptions(options: Partial<Omit<LatchOptions, 'appId' | 'clientId' | 'apiUrl' | 'client' | 'clock'>>): void;
  /** Starts: loads the config and session, follows the user for the embedded wallet; returns `stop`. */
  start(): () => void;
  /** Stops everything and destroys the client unless it was given. */
  destroy(): void;
  /**
   * Opens the login flow on LANDING with `request`'s choices (methods, prefill, no sign-up); `callbacks` hear
   * this login's outcome besides the host's. Logged-in users only get a console warning (SPEC §4).
   */
  login(request?: LoginRequest, callbacks?: LoginCallbacks): void;
  logout(): Promise<void>;
  /** The identity token for the host's backend (`@latch/node` verifyIdentityToken), refreshed when expired; null when signed out. */
  getIdentityToken(): Promise<string | null>;
  linkEmail(): void;
  linkPhone(): void;
  /** Opens UPDATE_EMAIL_SCREEN for the linked email. */
  updateEmail(): void;
  /** Opens LINK_WALLET_SCREEN; with `suggestedAddress` it asks to reconnect that wallet. */
  linkWallet(options?: { suggestedAddress?: string }): void;
  /** Opens LINK_PASSKEY_SCREEN: the user's passkeys, add one (up to 5), remove one. */
  linkPasskey(): void;
  /**
   * Links a provider to the user: opens AWAITING_OAUTH_SCREEN and the popup (call it in the user's click). Unlinking
   * (and Telegram's) is the client's: `client.unlinkOAuth(provider, subject)`, `client.unlinkTelegram(id)`.
   */
  linkOAuth(provider: OAuthProvider): void;
  /** Opens TELEGRAM_AUTH_SCREEN to link a Telegram account. */
  linkTelegram(): void;
  /**
   * A failed host call: the error its promise rejects with (SPEC §8 event code, finer code as `reason`), which the
   * host's `onError` has heard.
   */
  reportError(
    error: unknown,
    fallback: HostErrorFallback,
    keep?: Parameters<typeof toHostError>[2],
  ): Promise<LatchError>;
  /** The host's outcome handlers and wallet creator, as a flow calls them (headless logins: finishHeadlessLogin). */
  hostHandlers(): FlowHandlers;
  /** Logs in with a JWT from the host's own backend (no modal; SPEC §7 custom_jwt_account). */
  loginWithCustomToken(token: string): Promise<LoginResult>;
  /** Connect-only mode: connects a wallet to the page without logging in. */
  connectWallet(): void;
  /** Opens CONNECT_OR_CREATE; rejects with invalid_data unless logged out with no connected wallets (SPEC §5). */
  connectOrCreateWallet(): Promise<void>;
  /** Opens the key export; resolves when the user closes it. */
  exportWallet(): Promise<void>;
  /**
   * Creates the user's embedded wallet now (apps with `createOnLogin` 'off'); resolves with the refreshed user.
   * Rejects with embedded_wallet_already_exists when the user has one (the caller's mistake: no `onError`),
   * must_be_authenticated when signed out, else unknown_embedded_wallet_error (the finer code as `reason`).
   */
  createWallet(): Promise<User>;
  /**
   * Imports an existing EVM private key as the user's embedded wallet: the key is typed into the wallet frame's own
   * form (never the host page); resolves with the refreshed user. Rejects like `createWallet()`, and with
   * client_request_cancelled when the user closes the screen.
   */
  importWallet(): Promise<User>;
  /** Opens the on-ramp's screens for a wallet (Funding.fundWallet); rejects when the on-ramp is off or there is no wallet. */
  fundWallet: FundingController['fundWallet'];
}

const DEFAULT_API_URL = 'http://localhost:8787';
/** The screens where the wallet connection flow, not the code flow, reports the outcome to the host. */
const walletFlowOwns = (screen: string | null): boolean =>
  screen === SCREEN.awaitingConnection || screen === SCREEN.awaitingConnectOnlyConnection;

/** The one composition root: builds the client, the auth flow, external wallets (lazy) and the embedded wallet. */
export function createLatch(initial: LatchOptions): Latch {
  // A production page must not talk to a localhost server by accident: the default is for development only.
  refuseInProduction(initial);
  confirmationOverrideRule(initial);
  const { appId, clientId, apiUrl = DEFAULT_API_URL, clock: given = systemClock, testDelayScale: delayScale } = initial;
  const clock: Clock = delayScale ? { ...given, delayScale } : given;
  let options: LatchOptions = initial;
  // A gated call answered step_up_required: the step-up screen (loaded with the MFA runtime), then one more try.
  const client =
    initial.client ??
    createLatchClient({
      appId,
      clientId,
      apiUrl,
      clock,
      stepUp: (...a) => embeddedWallet.loadMfa().then((m) => m.stepUp.gate(...a)),
    });
  client.setHostConfig(initial);
  const embeddedWallet = createEmbeddedWalletRuntime({
    client,
    apiUrl,
    appId,
    clientId,
    clock,
    noPromptOnSignature: () => options.embeddedWallets?.noPromptOnSignature,
    waitForTransactionConfirmation: () => options.embeddedWallets?.waitForTransactionConfirmation,
    noPromptOnMfaRequired: () => options.mfa?.noPromptOnMfaRequired,
    chains: () => options.chains,
  });
  // The callbacks of the login() that opened the current flow; any other opening drops them.
  let flowCallbacks: LoginCallbacks = {};
  const onFlowError = (event: HostErrorEvent) => {
    options.onError?.(event);
    flowCallbacks.onError?.(event);
  };
  // Read when a flow ends, so callbacks replaced later are the ones called.
  const hostHandlers = () => ({
    onComplete: (result: LoginCompleteResult) => {
      options.onLoginComplete?.(result);
      flowCallbacks.onComplete?.(result);
    },
    onExit: (error: ExitError) => onFlowError(error),
    onError: (event: HostErrorEvent) => onFlowError(event),
    createEmbeddedWallet: options.createEmbeddedWallet ?? embeddedWallet.createOnLogin,
    frameCalls: embeddedWallet.frameCalls,
  });
  async function reportError(...args: Parameters<typeof toHostError>): Promise<LatchError> {
    const { toHostError, hostEventOf } = await import('./hostError.js');
    const error = toHostError(...args);
    const event = hostEventOf(error);
    if (event) options.onError?.(event, error);
    return error;
  }
  const auth: FlowRunner = createFlowRunner({
    actions: client,
    clock,
    handlers: () => {
      const handlers = hostHandlers();
      // On the wallet screens the wallet flow owns the outcome and reports it itself.
      return walletFlowOwns(auth.getState().screen)
        ? { createEmbeddedWallet: handlers.createEmbeddedWallet }
        : handlers;
    },
  });
  const wallets = createWalletsLoader({
    client,
    clock,
    runner: auth,
    flowContext: () => flowContextOf(client.getState().config, true),
    handlers: hostHandlers,
  });

  const open = (
    intent: 'login' | 'link' | 'update',
    screen: ScreenId,
    previousAddress?: string,
    request?: LoginRequest,
    callbacks: LoginCallbacks = {},
  ) => {
    flowCallbacks = callbacks;
    auth.dispatch({
      type: 'open',
      intent,
      screen,
      context: flowContextOf(client.getState().config, auth.getState().context.canCreateEmbeddedWallet),
      previousAddress,
      request,
    });
  };
  const requireUser = (action: string): User | null => {
    const { user } = client.getState();
    if (!user) console.warn(`Latch: ${action} needs a logged-in user (must_be_authenticated).`);
    return user;
  };

  return {
    client,
    auth,
    wallets,
    embeddedWallet,
    setOptions(patch) {
      confirmationOverrideRule({ ...options, ...patch });
      options = { ...options, ...patch };
      // A changed host config re-merges the app config; an equal one is a no-op (a provider passes it every render).
      client.setHostConfig(options);
    },
    start() {
      // Keep the flow's view of the app config current; the config arrives after init.
      let warnedFor: unknown = null;
      const sync = () => {
        const { config } = client.getState();
        if (config && config !== warnedFor) {
          warnedFor = config;
          for (const warning of configWarnings(config)) console.warn(`Latch: ${warning}`);
        }
        auth.dispatch({ type: 'configure', context: flowContextOf(config, true) });
      };
      sync();
      const unsubscribe = client.subscribe(sync);
      const unwatch = embeddedWallet.watch();
      // Back from a redirect-mode OAuth round trip: the modal finishes it on AWAITING_OAUTH_SCREEN.
      void client.init().then(() => {
        const returned = client.takeOAuthReturn();
        if (!returned?.provider) return;
        open(client.getState().authenticated ? 'link' : 'login', SCREEN.awaitingOAuth);
        // The provider names the screen's mark; the stored record decides the rest (completeOAuthRedirect).
        auth.dispatch({ type: 'startOAuth', provider: returned.provider as OAuthProvider, returned });
      });
      // A wallet deep link (SPEC §2 query parameters) loads the wallet code at once, to connect or help with it.
      if (typeof location !== 'undefined' && location.search.includes('latch_wallet_client=')) void wallets.load();
      return () => {
        unsubscribe();
        unwatch();
        auth.destroy();
      };
    },
    destroy() {
      auth.destroy();
      wallets.destroy();
      embeddedWallet.destroy();
      if (!initial.client) client.destroy();
    },
    login(request, callbacks) {
      if (client.getState().authenticated) {
        console.warn('Latch: login() was called while the user is already logged in.');
        return;
      }
      open('login', SCREEN.landing, undefined, request, callbacks);
    },
    logout: () => client.logout(),
    getIdentityToken: () => client.getIdentityToken(),
    linkEmail() {
      if (requireUser('linkEmail')) open('link', SCREEN.linkEmail);
    },
    linkPhone() {
      if (requireUser('linkPhone')) open('link', SCREEN.linkPhone);
    },
    updateEmail() {
      const user = requireUser('updateEmail');
      if (user && !user.email) console.warn('Latch: updateEmail needs an already linked email.');
      else if (user?.email) open('update', SCREEN.updateEmail, user.email.address);
    },
    linkWallet(linkOptions) {
      if (!requireUser('linkWallet')) return;
      wallets.setLinkHint(linkOptions?.suggestedAddress ?? null);
      open('link', SCREEN.linkWallet);
    },
    linkPasskey() {
      if (requireUser('linkPasskey')) open('link', SCREEN.linkPasskey);
    },
    linkOAuth(provider) {
      if (!requireUser('linkOAuth')) return;
      // The flow opens the popup: in this click when it was loaded before (loadSocialFlow), else once it is.
      open('link', SCREEN.awaitingOAuth);
      auth.dispatch({ type: 'startOAuth', provider });
    },
    linkTelegram() {
      if (!requireUser('linkTelegram')) return;
      open('link', SCREEN.telegramAuth);
      auth.dispatch({ type: 'startTelegram' });
    },
    hostHandlers,
    loginWithCustomToken: (token) => client.loginWithCustomToken(token),
    connectWallet() {
      open('login', client.getState().authenticated ? SCREEN.connectOnlyAuthenticated : SCREEN.connectOnlyLanding);
    },
    async connectOrCreateWallet() {
      (await wallets.load()).assertCanConnectOrCreate(client.getState().authenticated);
      open('login', SCREEN.connectOrCreate);
    },
    exportWallet: () =>
      embeddedWallet.exporter.exportWallet().catch(async (error) => {
        throw await reportError(error, 'unknown_embedded_wallet_error');
      }),
    createWallet: () => walletOnDemand(client.getState().user, reportError, embeddedWallet.createWallet),
    importWallet: () => walletOnDemand(client.getState().user, reportError, embeddedWallet.importer.importWallet),
    reportError,
    fundWallet: (wanted) => embeddedWallet.funding.fundWallet(wanted),
  };
}

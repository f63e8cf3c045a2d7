// The whole core entry, as every lazily loaded screen reaches it: the bundler then keeps the initial core
// code in one chunk instead of splitting it along what the wallet code happens to use (smaller gzip).
import '../index.js';
import type { FlowContext } from '../auth/flowTypes.js';
import { SCREEN } from '../auth/screens.js';
import type { Store } from '../machine/createStore.js';
import { browserUrlAccess } from '../session/returnParams.js';
import { assertCanConnectOrCreate } from './connectedWallets.js';
import { createExternalWallets, type ExternalWallets } from './externalWallets.js';
import { isMobileBrowser } from './isMobileDevice.js';
import { interstitialLink, resolveWalletDeepLink, type WalletHelpTarget } from './phantomScreens.js';
import { walletCaptchaToken } from './walletCaptchaToken.js';
import { walletConnectMetadata } from './walletConnectConnector.js';
import { createWalletHandOffPrompts, promptWalletHandOff, type WalletHandOffPrompt } from './walletHandOffPrompt.js';
import type { WalletsDeps } from './walletsLoader.js';

/** The page's external wallets, with what the wallet screens need from the provider. */
export interface WalletRuntime extends ExternalWallets {
  /** The app's current flow context, for `select`. */
  flowContext(): FlowContext;
  /** SPEC §5: throws invalid_data unless the user is signed out with no connected wallets (connectOrCreateWallet). */
  assertCanConnectOrCreate(authenticated: boolean): void;
  /** The hand-off confirmation waiting on SESSION_HAND_OFF_SCREEN, else null. */
  handOffPrompt: Pick<Store<WalletHandOffPrompt | null>, 'get' | 'subscribe'>;
  /** The interstitial's link for `target` when tapped (a signed-in page's carries its session; see interstitialLink). */
  interstitialLink(target: WalletHelpTarget, pageUrl: string): Promise<string | null>;
}

/**
 * Creates the page's external wallets (loaded lazily): the wallet flow reports to the host and closes the
 * modal when it is over; closing the modal mid flow (close button, Escape, backdrop) ends the wallet flow.
 */
export function createWalletRuntime(deps: WalletsDeps): WalletRuntime {
  const { client, runner } = deps;
  const captchaToken = walletCaptchaToken({ getState: client.getState, runner, clock: deps.clock });
  const wallets = createExternalWallets({
    // The SIWE init carries the modal captcha's token (SPEC §7), as the email, SMS, OAuth and Telegram inits do.
    actions: {
      prepareWalletSignIn: async (account) => client.prepareWalletSignIn(account, await captchaToken()),
      loginWithWalletSignature: (signed) => client.loginWithWalletSignature(signed),
      linkWalletSignature: (signed) => client.linkWalletSignature(signed),
      acceptTerms: () => client.acceptTerms(),
      logout: () => client.logout(),
    },
    clock: deps.clock,
    handlers: () => ({ ...deps.handlers(), onClose: () => runner.dispatch({ type: 'close' }) }),
    // Read when WalletConnect is chosen; signing starts on Ethereum mainnet (SPEC §9 default chain).
    walletConnect: () => {
      const config = client.getState().config;
      const origin = typeof location === 'undefined' ? '' : location.origin;
      return {
        projectId: config?.walletConnectCloudProjectId,
        chainIds: [1],
        metadata: walletConnectMetadata({ name: config?.name ?? origin, logo: config?.appearance.logo }, origin),
      };
    },
  });
  const prompts = createWalletHandOffPrompts();
  void openWalletDeepLink(wallets, deps, prompts);
  const unsubscribe = runner.subscribe(() => {
    const { phase } = runner.getState();
    if (phase !== 'closing' && phase !== 'closed') return;
    // Closed unanswered (close button, Escape): the session the hand-off started is logged out, not left running.
    void prompts.get()?.dismiss();
    if (wallets.runner.getState().status !== 'disconnected') wallets.runner.dispatch({ type: 'close' });
  });
  return {
    ...wallets,
    flowContext: deps.flowContext,
    assertCanConnectOrCreate: (authenticated) => assertCanConnectOrCreate(authenticated, wallets.connected.list()),
    handOffPrompt: prompts,
    interstitialLink: (target, pageUrl) => interstitialLink(client, target, pageUrl),
    destroy() {
      unsubscribe();
      prompts.close();
      wallets.destroy();
    },
  };
}

/**
 * SPEC §4 deep-link wallet: when the address names a wallet (`latch_wallet_client`), waits up to 3000 ms for it;
 * a found wallet connects on AWAITING_CONNECTION, else the install help (desktop) or the interstitial (mobile).
 * Signed-in users are left alone. A link carrying a session hand-off (a signed-in page sent it to this wallet's
 * browser) asks first whether to continue as that account (walletHandOffPrompt.ts).
 */
async function openWalletDeepLink(
  wallets: ExternalWallets,
  deps: WalletsDeps,
  prompts: Store<WalletHandOffPrompt | null>,
): Promise<void> {
  const isMobile = isMobileBrowser();
  const resolved = await resolveWalletDeepLink({
    url: browserUrlAccess(),
    discovery: wallets.discovery,
    isMobile,
    help: wallets.help,
  });
  if (!resolved) return;
  const { client, runner } = deps;
  if (client.getState().status === 'loading') {
    await new Promise<void>((resolve) => {
      const stop = client.subscribe(() => {
        if (client.getState().status === 'loading') return;
        stop();
        resolve();
      });
    });
  }
  if (client.getState().status !== 'ready') return;
  const { handOff, intent = 'login' } = resolved.link;
  const pending = handOff && !client.getState().authenticated ? await client.redeemWalletHandOff(handOff) : null;
  if (pending) {
    const select = (wallet: { id: string }, as: typeof intent) =>
      wallets.select(wallet.id, { intent: as, isMobile, context: deps.flowContext() });
    const link = { wallet: resolved.wallet, intent, helpScreen: resolved.screen };
    promptWalletHandOff(prompts, pending, link, { runner, context: deps.flowContext, select });
    return;
  }
  if (client.getState().authenticated) return;
  const context = deps.flowContext();
  if (resolved.wallet && !wallets.select(resolved.wallet.id, { intent: 'login', isMobile, context })) return;
  const screen = resolved.wallet ? SCREEN.awaitingConnection : resolved.screen;
  runner.dispatch({ type: 'open', intent: 'login', screen, context });
}

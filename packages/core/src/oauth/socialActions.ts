import type { OAuthProvider, TokenResponse, User, WireTelegramAuthResult } from '@latch/protocol';
import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { type ActionContext, type LoginResult, signIn } from '../actions/context.js';
import type { FarcasterActions } from '../farcaster/farcasterActions.js';
import type { OAuthReturn, UrlAccess } from '../session/returnParams.js';
import {
  completeOAuthRedirect,
  linkOAuth,
  loginWithOAuth,
  type OAuthLoginOptions,
  unlinkOAuth,
} from './oauthActions.js';
import type { OAuthBrowser } from './oauthBrowser.js';
import { sessionStorageStorage } from './oauthRedirectStore.js';
import { SocialLoginError } from './socialLoginError.js';
import {
  linkTelegram,
  loadTelegramScript,
  loginWithTelegram,
  type ScriptDocument,
  unlinkTelegram,
} from './telegramLogin.js';

/**
 * Social login actions (SPEC §7 OAuth, Telegram, Custom token). The client loads this module on first use: none of
 * it is in the host page's initial JavaScript.
 */
export interface SocialActions {
  /** Logs in with a provider: popup (default; open it in the click with `openOAuthPopup`) or redirect. */
  loginWithOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<LoginResult>;
  /** Links a provider's account to the signed-in user. */
  linkOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<User>;
  /** Finishes a redirect-mode login or link with the parameters the page returned with (`takeOAuthReturn`). */
  completeOAuthRedirect(returned: OAuthReturn, intent: 'login' | 'link'): Promise<LoginResult>;
  /** Removes a provider's account (its `subject`) from the signed-in user. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
  /** Logs in with a Telegram Login Widget result. */
  /** `captchaToken`: the app's captcha, when on (SPEC §7). */
  loginWithTelegram(result: WireTelegramAuthResult, captchaToken?: string): Promise<LoginResult>;
  /** Links a Telegram account (a Login Widget result) to the signed-in user. */
  linkTelegram(result: WireTelegramAuthResult): Promise<User>;
  /** Removes the user's Telegram account. */
  unlinkTelegram(telegramUserId: string | number): Promise<User>;
  /** Loads Telegram's login script from the Latch server for the app's bot (TELEGRAM_AUTH_SCREEN does). */
  loadTelegramScript(): Promise<void>;
  /** Logs in with a JWT from the host's own backend (SPEC §7 `custom_jwt_account`): session and device grant. */
  loginWithCustomToken(token: string): Promise<LoginResult>;
  /** The Farcaster calls (their own chunk, loaded on first use). */
  farcaster(): Promise<FarcasterActions>;
}

/** What the social actions need beyond the action context. */
export interface SocialDeps {
  apiUrl: string;
  trackEvent(eventName: string, payload?: Record<string, unknown>): Promise<void>;
  url: UrlAccess;
  browser?: Partial<OAuthBrowser>;
}

/** The browser's parts, each replaceable. */
function browserOf(browser: Partial<OAuthBrowser> = {}): OAuthBrowser {
  const hasWindow = typeof window !== 'undefined';
  return {
    window: browser.window !== undefined ? browser.window : hasWindow ? window : null,
    sessionStorage: browser.sessionStorage !== undefined ? browser.sessionStorage : sessionStorageStorage(),
    navigate: browser.navigate ?? ((url) => location.assign(url)),
  };
}

/** Builds the social actions over the client's context. */
export function socialActions(ctx: ActionContext, deps: SocialDeps): SocialActions {
  const oauth = { url: deps.url, browser: browserOf(deps.browser), trackEvent: deps.trackEvent };
  return {
    loginWithOAuth: (provider, options) => loginWithOAuth(ctx, oauth, provider, options),
    linkOAuth: (provider, options) => linkOAuth(ctx, oauth, provider, options),
    completeOAuthRedirect: (returned, intent) => completeOAuthRedirect(ctx, oauth, returned, intent),
    unlinkOAuth: (provider, subject) => unlinkOAuth(ctx, provider, subject),
    loginWithTelegram: (result, captchaToken) => loginWithTelegram(ctx, result, captchaToken),
    linkTelegram: (result) => linkTelegram(ctx, result),
    unlinkTelegram: (id) => unlinkTelegram(ctx, id),
    async loadTelegramScript() {
      const bot = ctx.store.get().config?.loginConfig.telegram;
      if (!bot || typeof document === 'undefined') throw new SocialLoginError('telegram_not_initialized');
      await loadTelegramScript(deps.apiUrl, bot, document as unknown as ScriptDocument);
    },
    farcaster: () => import('../farcaster/farcasterActions.js').then((m) => m.farcasterActions(ctx)),
    async loginWithCustomToken(token) {
      const body = { token };
      return signIn(
        ctx,
        await ctx.transport.request<TokenResponse>(CUSTOM_JWT_API.authenticate, { body, signal: ctx.signal }),
      );
    },
  };
}

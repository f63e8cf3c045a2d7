import {
  LatchError,
  type OAuthAuthenticateRequest,
  type OAuthInitRequest,
  type OAuthInitResponse,
  type OAuthProvider,
  type TokenResponse,
  type User,
} from '@latch/protocol';
import { OAUTH_API } from '@latch/protocol/oauth';
import { type ActionContext, type LoginResult, sendAuthed, sendForUser, signIn } from '../actions/context.js';
import type { OAuthReturn, UrlAccess } from '../session/returnParams.js';
import type { OAuthBrowser } from './oauthBrowser.js';
import { keepOAuthRedirect, takeOAuthRedirect } from './oauthRedirectStore.js';
import { openOAuthPopup } from './openOAuthPopup.js';
import { createPkce, randomCode } from './pkce.js';
import { toOAuthError, waitForPopupMessage } from './popupMessages.js';
import { SocialLoginError } from './socialLoginError.js';

/** How `loginWithOAuth` / `linkOAuth` reach the provider (SPEC §3). */
export interface OAuthLoginOptions {
  /** 'popup' (the default) keeps the page; 'redirect' leaves it and finishes on return (init). */
  mode?: 'popup' | 'redirect';
  /**
   * A popup opened in the user's click (`openOAuthPopup()`); null (blocked) falls back to redirect. Unset, the
   * action opens one itself: fine within a click in Chromium and Firefox, while strict blockers want it opened in it.
   */
  popup?: Window | null;
  captchaToken?: string;
}

/** What the OAuth actions need beyond the action context. */
interface OAuthDeps {
  url: UrlAccess;
  browser: OAuthBrowser;
  /** The client's analytics action (SPEC §7: fire and forget). */
  trackEvent(eventName: string, payload?: Record<string, unknown>): Promise<void>;
}

type Intent = 'login' | 'link';

/** The event SPEC §5 asks for when the returned state is not the stored one. */
const STATE_MISMATCH_EVENT = 'oauth_state_mismatch';

/** The page the provider's callback returns to: this one, without its fragment. */
function returnUrl(url: UrlAccess): string {
  const href = url.href();
  if (href === null) throw new LatchError('invalid_data', 'OAuth login needs a page address to return to.');
  const page = new URL(href);
  page.hash = '';
  return page.toString();
}

function stateMismatch(deps: OAuthDeps, provider: string | null): SocialLoginError {
  void deps.trackEvent(STATE_MISMATCH_EVENT, { provider });
  return new SocialLoginError('oauth_state_mismatch');
}

/**
 * The OAuth round trip up to the provider's code: PKCE pair and state, `init` (with the bearer token when linking,
 * so the server binds the state to the user), then the popup's report — or, without a popup, the redirect.
 */
async function roundTrip(
  ctx: ActionContext,
  deps: OAuthDeps,
  provider: OAuthProvider,
  intent: Intent,
  options: OAuthLoginOptions,
): Promise<OAuthAuthenticateRequest> {
  const popup = options.mode === 'redirect' ? null : options.popup === undefined ? openOAuthPopup() : options.popup;
  try {
    const { verifier, challenge } = await createPkce();
    const stateCode = randomCode();
    const body: OAuthInitRequest = {
      provider,
      redirect_to: returnUrl(deps.url),
      code_challenge: challenge,
      state_code: stateCode,
      ...(options.captchaToken ? { captcha_token: options.captchaToken } : {}),
    };
    const { url } =
      intent === 'link'
        ? await sendAuthed<OAuthInitResponse>(ctx, OAUTH_API.init, body)
        : await ctx.transport.request<OAuthInitResponse>(OAUTH_API.init, { body, signal: ctx.signal });
    const { window: page, sessionStorage, navigate } = deps.browser;
    if (!popup || !page) {
      popup?.close();
      if (!sessionStorage) throw new LatchError('unknown_auth_error', 'OAuth by redirect needs sessionStorage.');
      keepOAuthRedirect(sessionStorage, ctx.appId, { stateCode, verifier, provider, intent });
      navigate(url);
      // The page leaves for the provider; the login finishes when it returns (completeOAuthRedirect).
      return new Promise<never>(() => {});
    }
    popup.location.href = url;
    const code = await waitForPopupMessage({ window: page, popup, stateCode, clock: ctx.clock, signal: ctx.signal });
    return { authorization_code: code, state_code: stateCode, code_verifier: verifier };
  } catch (error) {
    if (popup && !popup.closed) popup.close();
    if (error instanceof SocialLoginError && error.code === 'oauth_state_mismatch') throw stateMismatch(deps, provider);
    throw error;
  }
}

const authenticate = async (ctx: ActionContext, body: OAuthAuthenticateRequest): Promise<LoginResult> =>
  signIn(ctx, await ctx.transport.request<TokenResponse>(OAUTH_API.authenticate, { body, signal: ctx.signal }));

/** Logs in (or signs up) with a provider: a fresh login like an email code (session, device grant). */
export async function loginWithOAuth(
  ctx: ActionContext,
  deps: OAuthDeps,
  provider: OAuthProvider,
  options: OAuthLoginOptions = {},
): Promise<LoginResult> {
  return authenticate(ctx, await roundTrip(ctx, deps, provider, 'login', options));
}

/** Links a provider's account to the signed-in user (one per provider); returns the user. */
export async function linkOAuth(
  ctx: ActionContext,
  deps: OAuthDeps,
  provider: OAuthProvider,
  options: OAuthLoginOptions = {},
): Promise<User> {
  // Signed out, the link init's sendAuthed refuses with must_be_authenticated (and the popup closes).
  return sendForUser(ctx, OAUTH_API.link, await roundTrip(ctx, deps, provider, 'link', options));
}

/**
 * Finishes a redirect-mode round trip on the page it returned to: the stored state must equal the returned one,
 * for a code and for an error alike (else `oauth_state_mismatch`, SPEC §5), and the stored verifier is dropped
 * either way.
 */
export async function completeOAuthRedirect(
  ctx: ActionContext,
  deps: OAuthDeps,
  returned: OAuthReturn,
  intent: Intent,
): Promise<LoginResult> {
  const { sessionStorage } = deps.browser;
  const record = sessionStorage ? takeOAuthRedirect(sessionStorage, ctx.appId) : null;
  // The callback always returns the state with an error: one without it (or with another) is anyone's crafted
  // link, e.g. ?latch_oauth_error=oauth_account_suspended, and is a mismatch like a foreign code.
  if (returned.error !== null && record !== null && returned.state === record.stateCode) {
    throw toOAuthError(returned.error);
  }
  if (!record || returned.state !== record.stateCode || returned.code === null) {
    throw stateMismatch(deps, returned.provider);
  }
  if (record.intent !== intent) {
    throw new LatchError('unknown_auth_error', `This OAuth ${record.intent} cannot finish as a ${intent}.`);
  }
  const body = { authorization_code: returned.code, state_code: record.stateCode, code_verifier: record.verifier };
  if (intent === 'login') return authenticate(ctx, body);
  return { user: await sendForUser(ctx, OAUTH_API.link, body), isNewUser: false };
}

/** Removes a provider's account from the signed-in user (SPEC §7: provider and subject); returns the user. */
export function unlinkOAuth(ctx: ActionContext, provider: OAuthProvider, subject: string): Promise<User> {
  return sendForUser(ctx, OAUTH_API.unlink, { provider, subject });
}

import {
  DEPRECATED_REFRESH_TOKEN,
  IDENTITY_API,
  LatchError,
  RETRY,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import type { Clock } from '../clock.js';
import type { Transport } from '../transport/transport.js';
import { hasAudience, isTokenActive } from './accessToken.js';
import { cookieToken, sessionMarker } from './cookieSession.js';
import { withRefreshLock } from './refreshLock.js';
import type { TokenStore } from './tokenStore.js';

/** What the session needs. */
interface SessionOptions {
  appId: string;
  store: TokenStore;
  transport: Transport;
  clock: Clock;
  /** Called when local state was destroyed (logout, refused refresh, audience mismatch, 'clear'). */
  onSignedOut: () => void;
  /** Called with the user a refresh answered with. */
  onUser: (user: WireUser) => void;
}

/** The session rules of SPEC §4 over the token store. */
export interface Session {
  /** An active access token, refreshing first when needed; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** The stored access token if it is active right now (no refresh). */
  activeToken(): string | null;
  /** True when a refresh is possible: both tokens exist (refresh token not 'deprecated'), or cookie mode's marker. */
  canRefresh(): boolean;
  /** True when there is a session to use: an active token or a possible refresh. */
  hasSession(): boolean;
  /** Refreshes once for all concurrent callers and tabs; `rejected` is a token the server just refused. */
  refresh(rejected?: string | null): Promise<string | null>;
  /** Stores a token response per its session_update_action; returns true when signed in afterwards. */
  applyTokenResponse(response: TokenResponse): boolean;
  /** The identity token (docs/client.md), refreshing the session when it expired or was forgotten; null when signed out. */
  getIdentityToken(): Promise<string | null>;
  /** Drops the identity token (the user's accounts changed): the next getIdentityToken refreshes for a new one. */
  forgetIdentityToken(): void;
  /** Ends the session on the server (best effort) and always clears local state. */
  logout(): Promise<void>;
  /** Clears local state and reports the sign-out. */
  destroyLocalState(): void;
  /** Cookie mode (the app's custom_api_url is the API): the tokens are HttpOnly cookies, the page holds none. */
  useCookies(on: boolean): void;
  /** True in cookie mode. */
  usesCookies(): boolean;
  /**
   * Forks this session (SPEC §7 fork) with `body` added, under the refresh lock (it spends the refresh token as a
   * refresh does): keeps the rotated tokens and returns the answer (the hand-offs' code: sessionHandOff.ts).
   */
  fork(body: Record<string, unknown>): Promise<TokenResponse>;
  /**
   * Keeps the device grant of a fresh login in memory (never in the store), replacing any earlier one;
   * null forgets it (docs/custody.md "Client").
   */
  keepDeviceGrant(grant: string | null): void;
  /** True while a device grant waits to be handed to the wallet frame. */
  hasDeviceGrant(): boolean;
  /** Hands the device grant out once (then forgets it); null when there is none. */
  takeDeviceGrant(): string | null;
}

/** Creates the session. */
export function createSession(options: SessionOptions): Session {
  const { appId, store, transport, clock } = options;
  // The device grant lives in this closure only: a stored grant would outlive the login it belongs to.
  let deviceGrant: string | null = null;
  let inFlight: Promise<string | null> | null = null;
  // Bumped whenever local state is destroyed, so a refresh that was in flight during a logout cannot sign back in.
  let epoch = 0;
  let cookies = false;

  const destroyLocalState = () => {
    epoch++;
    store.clear();
    deviceGrant = null;
    options.onSignedOut();
  };

  /** The stored token when it belongs to this app; a token of another app logs the user out. */
  const ownToken = (): string | null => {
    const token = store.getToken();
    if (token !== null && !hasAudience(token, appId)) {
      destroyLocalState();
      return null;
    }
    return token;
  };

  const activeToken = () => {
    if (cookies) return cookieToken(clock.now());
    const token = ownToken();
    return token !== null && isTokenActive(token, clock.now()) ? token : null;
  };

  const canRefresh = () => {
    // SPEC §4: "Refresh is possible if server cookies exist".
    if (cookies) return sessionMarker() !== null;
    const refreshToken = store.getRefreshToken();
    return store.getToken() !== null && refreshToken !== null && refreshToken !== DEPRECATED_REFRESH_TOKEN;
  };

  const applyTokenResponse = (response: TokenResponse): boolean => {
    const action = response.session_update_action;
    if (action === 'clear') {
      destroyLocalState();
      return false;
    }
    if (response.token && !hasAudience(response.token, appId)) {
      destroyLocalState();
      throw new LatchError('missing_or_invalid_token', 'The session token was issued for another app.');
    }
    if (action === 'ignore') {
      if (response.token) store.setToken(response.token);
      if (response.identity_token) store.setIdentityToken(response.identity_token);
    } else {
      store.setToken(response.token);
      store.setRefreshToken(response.refresh_token);
      store.setIdentityToken(response.identity_token ?? null);
    }
    return activeToken() !== null || canRefresh();
  };

  const refreshNow = async (rejected: string | null): Promise<string | null> => {
    // Another tab (or an earlier holder of the lock) may have refreshed while we waited: re-read storage.
    const current = activeToken();
    if (current !== null && current !== rejected) return current;
    if (!canRefresh()) {
      if (store.getToken() !== null || store.getRefreshToken() !== null) destroyLocalState();
      return null;
    }
    // Cookie mode's refresh token is its cookie (SPEC §7: "body refresh_token optional").
    const refreshToken = cookies ? undefined : store.getRefreshToken();
    const started = epoch;
    try {
      const response = await transport.request<TokenResponse>(IDENTITY_API.sessions, {
        body: { refresh_token: refreshToken },
        retryDelayMs: RETRY.delayMs * RETRY.sessionDelayFactor,
        // A page waits on its session: a server briefly unavailable (503 + Retry-After) is given its delay.
        waitOnUnavailable: true,
      });
      if (epoch !== started) return null;
      if (!applyTokenResponse(response)) return null;
      options.onUser(response.user);
      return activeToken();
    } catch (error) {
      if (epoch !== started) return null;
      if (error instanceof LatchError && error.code === 'missing_or_invalid_token') {
        destroyLocalState();
        return null;
      }
      throw error;
    }
  };

  const refresh = (rejected: string | null = null) => {
    inFlight ??= withRefreshLock(appId, () => refreshNow(rejected)).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    async getAccessToken() {
      const token = activeToken();
      if (token !== null) return token;
      if (canRefresh()) return refresh(store.getToken());
      if (store.getToken() !== null) destroyLocalState();
      return null;
    },
    activeToken,
    canRefresh,
    hasSession: () => activeToken() !== null || canRefresh(),
    refresh,
    async getIdentityToken() {
      const usable = (token: string | null) =>
        token !== null && isTokenActive(token, clock.now()) && hasAudience(token, appId) ? token : null;
      const current = usable(store.getIdentityToken());
      // Cookie mode: the identity token is an HttpOnly cookie for the host's backend (`@latch/node`).
      if (current !== null || cookies || !canRefresh()) return current;
      // Refreshes even while the access token is still active: it is the grant that brings a new identity token.
      await refresh(store.getToken());
      return usable(store.getIdentityToken());
    },
    forgetIdentityToken: () => store.setIdentityToken(null),
    applyTokenResponse,
    async logout() {
      const token = activeToken();
      const refreshToken = store.getRefreshToken();
      // Clear first so the UI signs out at once; the server call is best effort (SPEC §4: always clears locally).
      destroyLocalState();
      try {
        await transport.request(IDENTITY_API.logout, {
          body: refreshToken ? { refresh_token: refreshToken } : {},
          token,
        });
      } catch {
        // Ignored on purpose: local state is already gone and the access token expires on its own.
      }
    },
    destroyLocalState,
    useCookies(on) {
      cookies = on;
    },
    usesCookies: () => cookies,
    fork(body) {
      return withRefreshLock(appId, async () => {
        if (!canRefresh()) throw new LatchError('missing_or_invalid_token', 'There is no session to fork.');
        const response = await transport.request<TokenResponse>(IDENTITY_API.fork, {
          body: { refresh_token: cookies ? undefined : store.getRefreshToken(), ...body },
        });
        applyTokenResponse(response);
        return response;
      });
    },
    keepDeviceGrant(grant) {
      deviceGrant = grant;
    },
    hasDeviceGrant: () => deviceGrant !== null,
    takeDeviceGrant() {
      const grant = deviceGrant;
      deviceGrant = null;
      return grant;
    },
  };
}

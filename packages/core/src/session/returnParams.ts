/** Read and replace the page address; injectable so tests and non-browser hosts can drive it. */
export interface UrlAccess {
  /** The current address, or null where there is none (SSR). */
  href(): string | null;
  /** Replaces the address without navigating or adding a history entry. */
  replace(href: string): void;
}

/** Query parameters Latch reads on load and strips from the address (documented in docs/client.md). */
export const RETURN_PARAM = {
  /** A one-time session hand-off code (docs/client.md "Session hand-off"); redeemed on init by the tab that asked. */
  handOff: 'latch_handoff',
  /** The old forked-refresh-token parameter: stripped so no such token stays in the address, and never read. */
  legacySessionToken: 'latch_token',
  oauthCode: 'latch_oauth_code',
  oauthState: 'latch_oauth_state',
  oauthProvider: 'latch_oauth_provider',
  /** Set by the OAuth callback instead of the code when the provider answered an error (a catalogue code). */
  oauthError: 'latch_oauth_error',
} as const;

/**
 * What the OAuth callback sent back (SPEC §2 "OAuth return parameters"): the provider's code and the state, or an
 * error code (with the state when the callback knew it).
 */
export type OAuthReturn =
  | { code: string; state: string; provider: string | null; error: null }
  | { code: null; state: string | null; provider: string | null; error: string };

/** What came back in the address. */
export interface ReturnParams {
  handOff: string | null;
  oauth: OAuthReturn | null;
}

/** The browser's address via `location` and `history.replaceState`, touched only when called and present. */
export function browserUrlAccess(): UrlAccess {
  return {
    href: () => (typeof location === 'undefined' ? null : location.href),
    replace(href) {
      if (typeof history !== 'undefined') history.replaceState(history.state, '', href);
    },
  };
}

/** Reads Latch's return parameters and strips them from the address (leaving every other parameter). */
export function takeReturnParams(url: UrlAccess): ReturnParams {
  const href = url.href();
  const none: ReturnParams = { handOff: null, oauth: null };
  if (href === null) return none;
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return none;
  }
  const params = parsed.searchParams;
  const handOff = params.get(RETURN_PARAM.handOff) || null;
  const code = params.get(RETURN_PARAM.oauthCode);
  const state = params.get(RETURN_PARAM.oauthState);
  const provider = params.get(RETURN_PARAM.oauthProvider) || null;
  const error = params.get(RETURN_PARAM.oauthError);
  const names = Object.values(RETURN_PARAM).filter((name) => params.has(name));
  if (names.length === 0) return none;
  for (const name of names) params.delete(name);
  url.replace(parsed.toString());
  let oauth: OAuthReturn | null = null;
  if (error) oauth = { code: null, state: state || null, provider, error };
  else if (code && state) oauth = { code, state, provider, error: null };
  return { handOff, oauth };
}

/** Where a provider sends the browser back: the redirect URI and its parameters (`code`, `state`, or `error`). */
export interface AuthorizationResponse {
  /** GET (query) or POST (Apple's form_post). */
  method: 'GET' | 'POST';
  /** The redirect URI without the parameters. */
  redirectUri: string;
  /** The parameters: `code` and `state` (and Apple's `user`, `id_token`, …), or `error`. */
  params: Record<string, string>;
  /** GET: the full URL the browser would go to. POST: the redirect URI. */
  url: string;
}

/** Who logs in on the stand-in's login page, or a Cancel. */
export interface LoginChoice {
  email?: string;
  name?: string;
  /** Press Cancel instead of Continue (the provider answers `error=access_denied`). */
  cancel?: boolean;
}

/** A cookie jar for one run of the flow (the stand-in's cookies are all on its own host). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Does what a browser does with an authorization URL of a stand-in: follows it to the login page, submits
 * it (as `choice`), and returns the provider's answer to the redirect URI without calling it.
 */
export async function followLogin(authorizationUrl: string, choice: LoginChoice = {}): Promise<AuthorizationResponse> {
  const jar = new Jar();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    if (new URL(url).origin !== origin) {
      const target = new URL(url);
      const params = Object.fromEntries(target.searchParams);
      target.search = '';
      return { method: 'GET', redirectUri: target.href, params, url };
    }
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: jar.header() },
    });
    jar.take(res);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200)
      throw new Error(`dev-idp answered ${res.status} at ${new URL(url).pathname}: ${textOf(html)}`);
    const form = /<form method="post" action="([^"]*)">/.exec(html);
    if (!form) throw new Error(`dev-idp: no form at ${new URL(url).pathname}`);
    const action = new URL(unescapeHtml(form[1]!), url).href;
    const inputs = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [
        m[1]!,
        unescapeHtml(m[2]!),
      ]),
    );
    if (/\/interaction\//.test(new URL(url).pathname)) {
      const body = new URLSearchParams({
        email: choice.email ?? 'ada.lovelace@example.com',
        name: choice.name ?? 'Ada Lovelace',
        action: choice.cancel ? 'cancel' : 'continue',
      });
      url = action;
      init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      continue;
    }
    // oidc-provider's form_post page (Apple): the browser would POST these to the redirect URI.
    return { method: 'POST', redirectUri: action, params: inputs, url: action };
  }
  throw new Error('dev-idp: too many redirects');
}

/** Undoes the HTML escaping of attribute values. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A page's text, short (for an error message). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

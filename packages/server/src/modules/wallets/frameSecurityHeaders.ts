/** What the wallet frame page may be embedded by and talk to. */
interface FrameSecurityInput {
  /** The app's allowed origins; null when the app is unknown (then nobody may embed the page). */
  allowedOrigins: readonly string[] | null;
  /** JSON-RPC endpoints of the app's chains the frame may call. */
  rpcUrls?: readonly string[];
  /** The clouds the frame reads and writes backups in (Drive's API, CloudKit web services). */
  cloudUrls?: readonly string[];
  /**
   * The page derives the wallet password's key (Argon2id in WebAssembly): adds 'wasm-unsafe-eval', which lets it
   * compile WebAssembly and still not eval JavaScript strings. Only the wallet frame page (docs/custody.md).
   */
  compilesWasm?: boolean;
}

// Only well-formed http(s) origins reach the header: no spaces, quotes or ';' can inject directives.
function origins(urls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      // A '*' host is a CSP wildcard but a literal to CORS; apps refuse it, and one stored earlier stays out.
      if (parsed.hostname.includes('*')) continue;
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') out.add(parsed.origin);
    } catch {
      // Not a URL: left out.
    }
  }
  return [...out];
}

/**
 * Response headers of the wallet frame page: `frame-ancestors` from the app's allowed origins
 * ('none' for an unknown app), our own scripts only (plus WebAssembly for the page that derives the password key),
 * `connect-src` limited to our API (same origin)
 * and the configured RPCs, nothing cached.
 */
export function frameSecurityHeaders(input: FrameSecurityInput): Record<string, string> {
  const ancestors = input.allowedOrigins ? origins(input.allowedOrigins) : [];
  const csp = [
    "default-src 'none'",
    input.compilesWasm ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${["'self'", ...origins([...(input.rpcUrls ?? []), ...(input.cloudUrls ?? [])])].join(' ')}`,
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
}

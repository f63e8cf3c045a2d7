/** Host names that always mean this machine (as URL `hostname` spells them: IPv6 in brackets). */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for localhost, 127.0.0.1 and [::1] (a URL's `hostname`, brackets included for IPv6). */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname.toLowerCase());
}

/** True for an http(s) origin on a loopback host, any port: `http://localhost:5173`, `http://[::1]:3000`. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && isLoopbackHostname(url.hostname)
  );
}

/** The host name of a `Host` header value (`localhost:8787`, `[::1]:8787`), or undefined when it does not parse. */
export function hostnameOfHostHeader(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

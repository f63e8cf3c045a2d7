import { BlockList, isIP } from 'node:net';
import { ConfigError } from './configError.js';

/** Trusted proxies when LATCH_TRUSTED_PROXIES is unset: a reverse proxy on the same host. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/**
 * A BlockList of proxy entries (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`); throws ConfigError naming a bad
 * entry. Node's BlockList does the address and prefix checks and the matching (IPv4-mapped included).
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    try {
      if (rest.length > 0 || isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
        throw new Error('not an IP or CIDR');
      }
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    } catch {
      throw new ConfigError(
        `LATCH_TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8), got "${entry}".`,
      );
    }
  }
  return list;
}

/** LATCH_TRUSTED_PROXIES as a list (the default when unset); throws ConfigError naming a bad entry. */
export function parseTrustedProxies(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_TRUSTED_PROXIES];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  trustedProxyList(entries);
  return entries;
}

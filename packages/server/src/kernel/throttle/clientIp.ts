import { type BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Settings } from '../config/config.js';
import { DEFAULT_TRUSTED_PROXIES, trustedProxyList } from '../config/trustedProxies.js';

const unmapped = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

const DEFAULT_LIST = trustedProxyList(DEFAULT_TRUSTED_PROXIES);
// One BlockList per settings object (settings are read once per server).
const lists = new WeakMap<Settings, BlockList>();

/** The trusted proxies of the request's server (LATCH_TRUSTED_PROXIES), loopback only without one. */
function trustedProxiesOf(c: Context): BlockList {
  const settings = (c.get('ctx') as { settings?: Settings } | undefined)?.settings;
  if (!settings?.trustedProxies) return DEFAULT_LIST;
  let list = lists.get(settings);
  if (!list) {
    list = trustedProxyList(settings.trustedProxies);
    lists.set(settings, list);
  }
  return list;
}

// Each list's verdicts by address: BlockList.check builds a native SocketAddress per call (about 1 % of a
// login's CPU); the verdict of an address never changes for a list. Bounded: emptied when it fills.
const verdicts = new WeakMap<BlockList, Map<string, boolean>>();
const MAX_VERDICTS = 10_000;

function isTrusted(list: BlockList, address: string): boolean {
  let known = verdicts.get(list);
  if (!known) {
    known = new Map();
    verdicts.set(list, known);
  }
  const verdict = known.get(address);
  if (verdict !== undefined) return verdict;
  const version = isIP(address);
  const trusted = version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  if (known.size >= MAX_VERDICTS) known.clear();
  known.set(address, trusted);
  return trusted;
}

/**
 * The client's IP for throttling: the TCP peer, unless the peer is a trusted proxy (LATCH_TRUSTED_PROXIES,
 * default loopback only). Then X-Forwarded-For is read from the right, each hop a trusted proxy
 * appended, and the first hop that is not itself a trusted proxy is the client (hops further left are
 * the client's to forge). A malformed hop ends the walk at the proxy that appended it. 'unknown' when
 * the request did not come through a socket (in-process calls).
 */
export function clientIp(c: Context, trusted: BlockList = trustedProxiesOf(c)): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request in-process).
  }
  if (!peer) return 'unknown';
  let client = unmapped(peer);
  const hops = c.req.header('x-forwarded-for')?.split(',') ?? [];
  while (isTrusted(trusted, client) && hops.length > 0) {
    const hop = unmapped(hops.pop()?.trim() ?? '');
    if (!isIP(hop)) break;
    client = hop;
  }
  return client;
}

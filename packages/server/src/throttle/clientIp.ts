import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// Peers on these networks are taken to be our own reverse proxy: only then is X-Forwarded-For believed.
const PROXY_NETWORKS = new BlockList();
PROXY_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PROXY_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PROXY_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PROXY_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PROXY_NETWORKS.addAddress('::1', 'ipv6');
PROXY_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

const unmapped = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

function isProxyPeer(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && PROXY_NETWORKS.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's IP for throttling: the TCP peer, or — when the peer is a loopback/private address, i.e.
 * our own reverse proxy — the last X-Forwarded-For hop that proxy appended (earlier hops are the
 * client's to forge). 'unknown' when the request did not come through a socket (in-process calls).
 */
export function clientIp(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request in-process).
  }
  if (!peer) return 'unknown';
  peer = unmapped(peer);
  if (isProxyPeer(peer)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded && isIP(unmapped(forwarded))) return unmapped(forwarded);
  }
  return peer;
}

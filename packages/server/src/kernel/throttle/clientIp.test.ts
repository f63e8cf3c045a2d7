import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../config/config.js';
import { trustedProxyList } from '../config/trustedProxies.js';
import { clientIp } from './clientIp.js';

type Env = { Variables: { ctx: { settings: Partial<Settings> } } };

/** The client IP the app sees for a TCP peer and an X-Forwarded-For, with LATCH_TRUSTED_PROXIES = `trusted`. */
async function ipOf(peer: string | undefined, forwardedFor?: string, trusted?: string[]): Promise<string> {
  const app = new Hono<Env>()
    .use(async (c, next) => {
      if (trusted) c.set('ctx', { settings: { trustedProxies: trusted } });
      await next();
    })
    .get('/', (c) => c.text(clientIp(c)));
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, env)).text();
}

describe('clientIp', () => {
  it('is the TCP peer for a direct client, whatever X-Forwarded-For claims', async () => {
    expect(await ipOf('203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('believes X-Forwarded-For only from loopback by default', async () => {
    expect(await ipOf('127.0.0.1', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(await ipOf('::1', '::ffff:198.51.100.3')).toBe('198.51.100.3');
    expect(await ipOf('::ffff:127.0.0.1', '2001:db8::1')).toBe('2001:db8::1');
  });

  it('does not let a client on a private network (no proxy) pick its own rate-limit key', async () => {
    // Docker's bridge, a LAN, a VPC: the peer is the client itself, and its header is its own invention.
    expect(await ipOf('10.1.2.3', '198.51.100.2')).toBe('10.1.2.3');
    expect(await ipOf('172.17.0.1', '198.51.100.2')).toBe('172.17.0.1');
    expect(await ipOf('::ffff:192.168.1.10', '2001:db8::1')).toBe('192.168.1.10');
    expect(await ipOf('fd00::5', '198.51.100.2')).toBe('fd00::5');
  });

  it('believes the proxies LATCH_TRUSTED_PROXIES names, walking the chain from the right', async () => {
    const trusted = ['10.0.0.0/8', '192.0.2.10'];
    expect(await ipOf('10.1.2.3', '198.51.100.2', trusted)).toBe('198.51.100.2');
    // A CDN (192.0.2.10) in front of the proxy: the client is the first untrusted hop from the right.
    expect(await ipOf('10.1.2.3', '6.6.6.6, 198.51.100.4, 192.0.2.10', trusted)).toBe('198.51.100.4');
    // Loopback is no longer trusted once the list is set without it.
    expect(await ipOf('127.0.0.1', '198.51.100.2', trusted)).toBe('127.0.0.1');
    expect(await ipOf('192.168.1.10', '198.51.100.2', trusted)).toBe('192.168.1.10');
  });

  it('stops at a malformed hop, and is unknown without a socket', async () => {
    expect(await ipOf('127.0.0.1')).toBe('127.0.0.1');
    expect(await ipOf('127.0.0.1', 'not-an-ip')).toBe('127.0.0.1');
    expect(await ipOf('10.0.0.1', '198.51.100.2, junk', ['10.0.0.0/8'])).toBe('10.0.0.1');
    expect(await ipOf(undefined)).toBe('unknown');
  });

  it('matches IPv6 ranges', () => {
    expect(trustedProxyList(['fd00::/8']).check('fd12::1', 'ipv6')).toBe(true);
  });
});

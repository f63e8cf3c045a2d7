import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './clientIp.js';

const app = new Hono().get('/', (c) => c.text(clientIp(c)));

async function ipOf(peer: string | undefined, forwardedFor?: string): Promise<string> {
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, env)).text();
}

describe('clientIp', () => {
  it('is the TCP peer for a direct client, whatever X-Forwarded-For claims', async () => {
    expect(await ipOf('203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('is the last X-Forwarded-For hop when the peer is our (loopback or private) proxy', async () => {
    expect(await ipOf('127.0.0.1', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(await ipOf('10.1.2.3', '198.51.100.2')).toBe('198.51.100.2');
    expect(await ipOf('::ffff:192.168.1.10', '2001:db8::1')).toBe('2001:db8::1');
    expect(await ipOf('::1', '::ffff:198.51.100.3')).toBe('198.51.100.3');
  });

  it('falls back to the peer when the forwarded hop is not an IP, and to unknown without a socket', async () => {
    expect(await ipOf('127.0.0.1')).toBe('127.0.0.1');
    expect(await ipOf('127.0.0.1', 'not-an-ip')).toBe('127.0.0.1');
    expect(await ipOf(undefined)).toBe('unknown');
  });
});

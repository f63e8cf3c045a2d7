import { describe, expect, it } from 'vitest';
import { isNonPublicHostname, isPublicAddress, NonPublicAddressError, publicOnlyLookup } from './publicAddress.js';

describe('public addresses (JWT-09, SSRF)', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, reserved and mapped ones', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '[::1]',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('names localhost and literal non-public IPs as non-public hostnames, leaves other names to DNS', () => {
    for (const host of ['localhost', 'LOCALHOST', 'a.localhost', '127.0.0.1', '[::1]', '10.0.0.1']) {
      expect(isNonPublicHostname(host), host).toBe(true);
    }
    for (const host of ['auth.acme.example', '8.8.8.8', '[2606:4700::1111]'])
      expect(isNonPublicHostname(host), host).toBe(false);
  });

  it('refuses at lookup a name that resolves to a loopback address', async () => {
    const error = await new Promise<Error | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(NonPublicAddressError);
  });
});

import { describe, expect, it } from 'vitest';
import { assertProviderUrl } from './onRampProviderUrl.js';

const refusal = (url: string, dev: boolean) => {
  try {
    assertProviderUrl(url, 'widget URL', dev);
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('assertProviderUrl', () => {
  it('accepts https anywhere, and http to a loopback host in dev mode only', () => {
    expect(refusal('https://buy.moonpay.com', false)).toBe('accepted');
    expect(refusal('https://buy-sandbox.moonpay.com/path?x=1', false)).toBe('accepted');
    for (const loopback of ['http://127.0.0.1:4010/buy', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(refusal(loopback, true)).toBe('accepted');
      expect(refusal(loopback, false)).toBe('invalid_data');
    }
    expect(refusal('http://buy.moonpay.com', true)).toBe('invalid_data');
    expect(refusal('http://10.0.0.2:4010', true)).toBe('invalid_data');
  });

  it('refuses what is no provider URL: not absolute, other schemes, credentials, fragments', () => {
    for (const url of [
      'buy.moonpay.com',
      'javascript:alert(1)',
      'ftp://buy.moonpay.com',
      'https://user:pw@buy.moonpay.com',
      'https://buy.moonpay.com/#x',
      `https://buy.moonpay.com/${'a'.repeat(2100)}`,
    ])
      expect(refusal(url, true), url).toBe('invalid_data');
    expect(() => assertProviderUrl('https://api.moonpay.com?x=1', 'API URL', false)).toThrow(
      /must not contain a query/,
    );
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedWidgetUrl, transactionStatusUrl } from './onRampUrl.js';

const base = {
  widgetUrl: 'https://buy-sandbox.moonpay.com',
  publishableKey: 'pk_test_abc',
  secretKey: 'sk_test_secret',
  address: '0x1111111111111111111111111111111111111111',
  externalTransactionId: 'ext-1',
};

/** Checks a signed URL the way the provider does: HMAC over the query without its last `signature` parameter. */
function verifies(signed: string, secret: string): boolean {
  const cut = signed.lastIndexOf('&signature=');
  const unsigned = new URL(signed.slice(0, cut));
  const signature = decodeURIComponent(signed.slice(cut + '&signature='.length));
  return createHmac('sha256', secret).update(unsigned.search).digest('base64') === signature;
}

describe('signedWidgetUrl', () => {
  it('puts the defaults in the query (eth) and a signature that verifies', () => {
    const signed = signedWidgetUrl(base);
    const url = new URL(signed);
    expect(url.origin).toBe('https://buy-sandbox.moonpay.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apiKey: 'pk_test_abc',
      currencyCode: 'eth',
      walletAddress: base.address,
      externalTransactionId: 'ext-1',
      signature: url.searchParams.get('signature'),
    });
    expect(verifies(signed, 'sk_test_secret')).toBe(true);
    expect(verifies(signed, 'another secret')).toBe(false);
  });

  it('adds colour, theme and amount, signs over them, and the signature is the last parameter', () => {
    const signed = signedWidgetUrl({
      ...base,
      config: { currencyCode: 'usdc', quoteCurrencyAmount: 0.25, uiConfig: { accentColor: '#12abEF', theme: 'dark' } },
    });
    expect(signed).toContain('colorCode=%2312abEF');
    const url = new URL(signed);
    expect(url.searchParams.get('currencyCode')).toBe('usdc');
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('quoteCurrencyAmount')).toBe('0.25');
    expect([...url.searchParams.keys()].at(-1)).toBe('signature');
    expect(verifies(signed, 'sk_test_secret')).toBe(true);
    // The amount changed after signing: the signature no longer verifies.
    expect(verifies(signed.replace('quoteCurrencyAmount=0.25', 'quoteCurrencyAmount=25'), 'sk_test_secret')).toBe(
      false,
    );
  });

  it('encodes a signature with +, / or = so that it survives the query', () => {
    const signatures = Array.from({ length: 20 }, (_, i) =>
      new URL(signedWidgetUrl({ ...base, externalTransactionId: `ext-${i}` })).searchParams.get('signature'),
    );
    // base64 of 32 bytes ends with '=' (44 characters); decoding the query gives it back unchanged.
    for (const signature of signatures) expect(signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('keeps a custom widget URL path (a stand-in) and signs what it sends', () => {
    const signed = signedWidgetUrl({ ...base, widgetUrl: 'http://127.0.0.1:9/moonpay/buy' });
    expect(signed.startsWith('http://127.0.0.1:9/moonpay/buy?apiKey=pk_test_abc&currencyCode=eth&')).toBe(true);
    expect(verifies(signed, 'sk_test_secret')).toBe(true);
  });
});

describe('transactionStatusUrl', () => {
  it('is the transactions-by-external-id endpoint with the publishable key, one slash whatever the base', () => {
    expect(transactionStatusUrl('https://api.moonpay.com', 'ext 1', 'pk_live_x')).toBe(
      'https://api.moonpay.com/v1/transactions/ext/ext%201?apiKey=pk_live_x',
    );
    expect(transactionStatusUrl('http://127.0.0.1:9/api/', 'e', 'pk')).toBe(
      'http://127.0.0.1:9/api/v1/transactions/ext/e?apiKey=pk',
    );
  });
});

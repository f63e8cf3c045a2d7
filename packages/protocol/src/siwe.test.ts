import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChainIdInput, SiweAuthenticateBody, SiweInitBody } from './siwe.js';
import { caip2ChainId, eip155ChainNumber } from './siweConstants.js';

describe('SIWE wire shapes', () => {
  it('reads a chain id as CAIP-2 or a number, and refuses zero, negatives and other namespaces', () => {
    expect(v.parse(ChainIdInput, 'eip155:8453')).toBe(8453);
    expect(v.parse(ChainIdInput, '10')).toBe(10);
    expect(v.parse(ChainIdInput, 1)).toBe(1);
    for (const bad of ['eip155:0', 'solana:1', '-1', 0, 1.5, 'eip155:01']) {
      expect(v.safeParse(ChainIdInput, bad).success).toBe(false);
    }
  });

  it('maps chain ids to and from CAIP-2', () => {
    expect(caip2ChainId(137)).toBe('eip155:137');
    expect(eip155ChainNumber('eip155:137')).toBe(137);
    expect(eip155ChainNumber(42161)).toBe(42161);
    expect(eip155ChainNumber('cosmos:hub')).toBeNull();
  });

  it('accepts a 20-byte address in any case and refuses anything else', () => {
    expect(v.safeParse(SiweInitBody, { address: `0x${'aB'.repeat(20)}` }).success).toBe(true);
    for (const address of ['0x1234', `${'ab'.repeat(20)}`, `0x${'zz'.repeat(20)}`]) {
      expect(v.safeParse(SiweInitBody, { address }).success).toBe(false);
    }
  });

  it('requires every authenticate field', () => {
    const body = {
      message: 'm',
      signature: '0xabcd',
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
    };
    expect(v.parse(SiweAuthenticateBody, body)).toEqual({ ...body, chainId: 1 });
    for (const key of Object.keys(body)) {
      const { [key as keyof typeof body]: _dropped, ...rest } = body;
      expect(v.safeParse(SiweAuthenticateBody, rest).success).toBe(false);
    }
  });
});

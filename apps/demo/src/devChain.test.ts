import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devChainRpcUrl, formatEth, fundFromDevChain } from './devChain.js';

describe('demo dev chain', () => {
  it('offers funding on the dev server only, and only when the stack named a dev chain', () => {
    expect(devChainRpcUrl({ DEV: true, VITE_LATCH_DEV_RPC_URL: 'http://127.0.0.1:8545' })).toBe(
      'http://127.0.0.1:8545',
    );
    expect(devChainRpcUrl({ DEV: false, VITE_LATCH_DEV_RPC_URL: 'http://127.0.0.1:8545' })).toBeNull();
    expect(devChainRpcUrl({ DEV: true })).toBeNull();
  });

  it('formats wei as ETH with up to 6 decimals', () => {
    expect(formatEth(10n ** 18n)).toBe('1 ETH');
    expect(formatEth(15n * 10n ** 17n)).toBe('1.5 ETH');
    expect(formatEth(1234567891n * 10n ** 9n)).toBe('1.234567 ETH');
    expect(formatEth(0n)).toBe('0 ETH');
  });

  describe('against a node of another chain', () => {
    const methods: string[] = [];
    let server: Server;
    let url: string;
    beforeAll(async () => {
      // A stand-in node of chain 1 that would accept anything: the funding must stop at eth_chainId.
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          const { method } = JSON.parse(body) as { method: string };
          methods.push(method);
          const result = method === 'eth_chainId' ? '0x1' : method === 'eth_accounts' ? [`0x${'1'.repeat(40)}`] : '0x1';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('refuses to send anything', async () => {
      await expect(fundFromDevChain(url, `0x${'2'.repeat(40)}`)).rejects.toThrow('Not the dev chain (chain 1)');
      expect(methods).toEqual(['eth_chainId']);
    });
  });
});

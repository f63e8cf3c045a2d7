import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { anvilArgs } from './localChain.mjs';
import { anvilBinary, DEV_CHAIN_ID, waitForChain, withDevChainRpc } from './stack.mjs';

/** A loopback JSON-RPC stand-in that answers eth_chainId with `chainIdHex`. */
async function chainStandIn(chainIdHex: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: chainIdHex }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('scripts/stack.mjs dev chain', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('adds the dev chain to LATCH_RPC_URLS, keeping the operator entries and an own dev-chain entry', () => {
    expect(withDevChainRpc(undefined, 'http://127.0.0.1:8545')).toBe('31337=http://127.0.0.1:8545');
    expect(withDevChainRpc('1=https://rpc.example', 'http://127.0.0.1:8545')).toBe(
      '1=https://rpc.example,31337=http://127.0.0.1:8545',
    );
    expect(withDevChainRpc('eip155:31337=http://other:9545', 'http://127.0.0.1:8545')).toBe(
      'eip155:31337=http://other:9545',
    );
  });

  it('waits for a node that answers the dev chain id', async () => {
    const { server, url } = await chainStandIn(`0x${DEV_CHAIN_ID.toString(16)}`);
    servers.push(server);
    await expect(waitForChain(url, DEV_CHAIN_ID, undefined, 5_000)).resolves.toBeUndefined();
  });

  it('refuses at once a node of another chain on the port', async () => {
    const { server, url } = await chainStandIn('0x1');
    servers.push(server);
    await expect(waitForChain(url, DEV_CHAIN_ID, undefined, 5_000)).rejects.toThrow(/is chain 1, not 31337/);
  });

  it('fails fast, naming ANVIL_PORT, when anvil exits because its port is taken', async () => {
    const { server, url } = await chainStandIn('0x1');
    servers.push(server);
    const port = new URL(url).port;
    const anvil = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', port, '--silent'], { stdio: 'ignore' });
    await new Promise((resolve) => anvil.once('exit', resolve));
    // The stand-in is closed first so the poll cannot succeed: only the exited child can end it early.
    await new Promise((resolve) => server.close(resolve));
    servers.pop();
    await expect(waitForChain(url, DEV_CHAIN_ID, anvil, 30_000)).rejects.toThrow(/anvil exited .*ANVIL_PORT/);
  });

  it("the dev chain answers browsers of the demo's origin only (CORS), not any page the developer opens", async () => {
    const { server, url: free } = await chainStandIn('0x1');
    const port = Number(new URL(free).port);
    await new Promise((resolve) => server.close(resolve));
    const demo = 'http://localhost:35373';
    const anvil = spawn(anvilBinary(), anvilArgs(port, DEV_CHAIN_ID, { allowOrigin: demo }), { stdio: 'ignore' });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForChain(url, DEV_CHAIN_ID, anvil, 30_000);
      // A browser asks first (JSON bodies need the preflight) and sends only if its origin is allowed.
      const preflight = (origin: string) =>
        fetch(url, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        }).then((response) => response.headers.get('access-control-allow-origin'));
      expect(await preflight(demo)).toBe(demo);
      expect(await preflight('https://evil.example')).not.toMatch(/^(\*|https:\/\/evil\.example)$/);
    } finally {
      anvil.kill('SIGTERM');
    }
  });
});

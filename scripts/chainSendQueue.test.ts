import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sendsTransaction, startSendQueue } from './chainSendQueue.mjs';
import { freePort } from './freePort.mjs';

const call = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] });

describe('chain send queue', () => {
  // A stand-in node that holds every eth_sendTransaction until the test answers it.
  const seen: string[] = [];
  const held: ServerResponse[] = [];
  const node = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const { method } = JSON.parse(body) as { method: string };
      seen.push(method);
      if (method === 'eth_sendTransaction') held.push(res);
      else res.end(JSON.stringify({ result: method }));
    });
  });
  let close: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    await close();
    node.close();
  });

  it('lets one eth_sendTransaction through at a time and every other call straight past', async () => {
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    ({ close } = await startSendQueue(port, `http://127.0.0.1:${(node.address() as AddressInfo).port}`));
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${port}`, { method: 'POST', body }).then((response) => response.text());

    const first = post(call('eth_sendTransaction'));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = post(call('eth_sendTransaction'));
    // A read passes while the first send is still open; the second send has not reached the node.
    expect(await post(call('eth_chainId'))).toContain('eth_chainId');
    expect(seen).toEqual(['eth_sendTransaction', 'eth_chainId']);

    held[0]?.end('{"result":"0x1"}');
    expect(await first).toBe('{"result":"0x1"}');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]?.end('{"result":"0x2"}');
    expect(await second).toBe('{"result":"0x2"}');
  });

  it('recognises a send alone or in a batch, and nothing in a body that is not JSON', () => {
    expect(sendsTransaction(call('eth_sendTransaction'))).toBe(true);
    expect(sendsTransaction(`[${call('eth_chainId')},${call('eth_sendTransaction')}]`)).toBe(true);
    expect(sendsTransaction(call('eth_sendRawTransaction'))).toBe(false);
    expect(sendsTransaction('not json')).toBe(false);
  });
});

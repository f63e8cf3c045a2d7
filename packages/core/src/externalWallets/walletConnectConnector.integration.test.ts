import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { qrCodeMatrix } from './qrCode.js';
import { createWalletConnectConnector } from './walletConnectConnector.js';

// WalletConnect's public relay is a third party this machine cannot reach. This stands in for it on the
// loopback: it accepts the relay's JSON-RPC (irn_* subscribe / publish / fetch) and answers each call, but no
// wallet ever answers the session proposal. So the real @walletconnect/universal-provider runs up to the
// pairing URI and the QR code; the session itself (approval, signing through the relay) is not tested here.
const RELAY_PORT = 19392;

function fakeRelay() {
  const methods: string[] = [];
  const urls: string[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: RELAY_PORT });
  server.on('connection', (socket, request) => {
    urls.push(request.url ?? '');
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id: number; method?: string; params?: { topics?: string[] } };
      if (!message.method) return;
      methods.push(message.method);
      let result: unknown = true;
      if (message.method.endsWith('_subscribe')) result = 'a'.repeat(64);
      if (message.method.endsWith('_batchSubscribe')) result = (message.params?.topics ?? []).map(() => 'b'.repeat(64));
      if (message.method.endsWith('_batchFetchMessages')) result = { messages: [], hasMore: false };
      socket.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result }));
    });
  });
  return { server, methods, urls };
}

/** Draws the matrix as an RGBA image with a quiet zone, for jsQR. */
function decodeMatrix(rows: readonly (readonly boolean[])[]): string | undefined {
  const scale = 4;
  const quiet = 4;
  const side = (rows.length + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [y, row] of rows.entries()) {
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
          data[offset] = data[offset + 1] = data[offset + 2] = 0;
        }
      }
    }
  }
  return jsQR(data, side, side)?.data;
}

describe('WalletConnect v2 through @walletconnect/universal-provider, against a loopback relay', () => {
  let relay: ReturnType<typeof fakeRelay>;
  beforeAll(() => {
    relay = fakeRelay();
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const client of relay.server.clients) client.terminate();
        relay.server.close(() => resolve());
      }),
  );

  it('loads the real package when initialised, proposes a session and shows a pairing URI whose QR code decodes back to it', async () => {
    let shown: (uri: string) => void = () => {};
    const uri = new Promise<string>((resolve) => {
      shown = resolve;
    });
    const connector = createWalletConnectConnector({
      projectId: 'test-project-id',
      chainIds: [8453],
      metadata: { name: 'Acme', description: 'Acme', url: 'http://127.0.0.1:19373', icons: [] },
      relayUrl: `ws://127.0.0.1:${RELAY_PORT}`,
      onDisplayUri: (value) => shown(value),
      // The handshake with the relay takes longer than SPEC's 1500 ms on a loaded 2-core machine.
      initializationTimeoutMs: 30_000,
    });
    await connector.initialize();
    // No wallet answers the proposal: connect() stays pending; the URI is what the QR code shows.
    void connector.connect().catch(() => undefined);
    const pairing = await uri;
    expect(pairing).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const params = new URLSearchParams(pairing.slice(pairing.indexOf('?') + 1));
    expect(params.get('relay-protocol')).toBe('irn');
    expect(params.get('symKey')).toMatch(/^[0-9a-f]{64}$/);
    // The relay saw the project id and the session proposal published on the pairing topic.
    expect(relay.urls.some((url) => url.includes('projectId=test-project-id'))).toBe(true);
    expect(relay.methods).toContain('wc_proposeSession');
    expect(decodeMatrix(qrCodeMatrix(pairing).rows)).toBe(pairing);
    await connector.disconnect();
  });
});

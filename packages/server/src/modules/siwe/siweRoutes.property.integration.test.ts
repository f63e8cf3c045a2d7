import { SIWE_API } from '@latch/protocol';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from './testing/siweTestClient.js';

const paths = [SIWE_API.init, SIWE_API.authenticate, SIWE_API.link, SIWE_API.unlink];
const keys = ['address', 'token', 'message', 'signature', 'chainId', 'walletClientType', 'connectorType'];

forEachBackend('property: the SIWE endpoints never answer 500 and never store anything for bad input', (server) => {
  it('holds for random bodies, and for valid messages with one character changed', async () => {
    const { appId, clientId } = await server().createApp({
      name: 'Acme',
      config: { wallet_auth: true, email_auth: true },
      allowedOrigins: [TEST_ORIGIN],
    });
    const client = siweTestClient(server(), appId, clientId);
    const session = await server().signIn(appId, { type: 'email', address: `prop-${Date.now()}@example.test` });
    const valid = await client.signedBody(newTestWallet());
    const before = await server().tableCounts();
    // The nonce of `valid` is live: only the untouched message could spend it.
    delete before.short_lived;

    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc
        .tuple(fc.nat({ max: valid.message.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
        .filter(([at, char]) => valid.message[at] !== char)
        .map(([at, char]) =>
          JSON.stringify({ ...valid, message: valid.message.slice(0, at) + char + valid.message.slice(at + 1) }),
        ),
      fc
        .tuple(fc.nat({ max: valid.signature.length - 3 }), fc.constantFrom(...'0123456789abcdef'))
        .filter(([at, digit]) => valid.signature[at + 2] !== digit)
        .map(([at, digit]) => {
          const signature = valid.signature.slice(0, at + 2) + digit + valid.signature.slice(at + 3);
          return JSON.stringify({ ...valid, signature });
        }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, fc.boolean(), async (path, rawBody, signedIn) => {
        const res = await server().call('POST', path, {
          rawBody,
          headers: {
            ...widgetHeaders(appId, clientId, signedIn ? session.token! : undefined),
            'content-type': 'application/json',
          },
        });
        expect(res.status, `${path} ${rawBody}`).toBeLessThan(500);
        const json = await res.json();
        if (res.status >= 400) {
          expect(typeof json.error).toBe('string');
          expect(typeof json.message).toBe('string');
        } else {
          // Only init may succeed on random input (it stores a nonce and nothing else).
          expect(path).toBe(SIWE_API.init);
        }
      }),
      { numRuns: 300 },
    );
    const after = await server().tableCounts();
    delete after.short_lived;
    expect(after).toEqual(before);
    // The untouched message still logs in: the refusals did not spend its nonce.
    expect((await client.post(SIWE_API.authenticate, valid)).status).toBe(200);
  });
});

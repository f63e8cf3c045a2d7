import { SIWE_API } from '@latch/protocol';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { configureSiwe } from './siweLoginFor.js';
import { expectRefusedUnchanged } from './testing/expectRefusedUnchanged.js';
import { newTestWallet, type SignInOptions, siweTestClient, TEST_ORIGIN } from './testing/siweTestClient.js';

const MINUTE = 60_000;

forEachBackend('siwe: strict EIP-4361 parsing, issued-at and chains', (server) => {
  const setup = async () => {
    const { appId, clientId } = await server().createApp({
      name: 'Acme',
      config: { wallet_auth: true },
      allowedOrigins: [TEST_ORIGIN],
    });
    const client = siweTestClient(server(), appId, clientId);
    /** A genuine message for `wallet`, rewritten by `change` and signed by the wallet as rewritten. */
    const rewritten = async (
      wallet: PrivateKeyAccount,
      change: (message: string) => string,
      options?: SignInOptions,
    ) => {
      const body = await client.signedBody(wallet, options);
      const message = change(body.message);
      expect(message).not.toBe(body.message);
      return { ...body, message, signature: await wallet.signMessage({ message }) };
    };
    const authenticate = (body: unknown) => client.post(SIWE_API.authenticate, body);
    return { client, rewritten, authenticate };
  };

  it('refuses a duplicate URI line, a line break in the statement and lines after the last field', async () => {
    const { rewritten, authenticate } = await setup();
    const wallet = newTestWallet();
    const variants = [
      // The wallet shows the first URI; a lenient parser reads the second.
      (m: string) => m.replace('\nURI: ', '\nURI: https://evil.example\nURI: '),
      (m: string) => m.replace('Sign in to Acme.', 'Sign in to Acme.\nAnd approve a transfer of all funds.'),
      (m: string) => `${m}\nURI: https://evil.example`,
      (m: string) => `${m}\n`,
      (m: string) => `${m}\nhello`,
      (m: string) => m.replace(wallet.address, wallet.address.toLowerCase()),
      (m: string) => m.replaceAll('\n', '\r\n'),
    ];
    for (const change of variants) {
      const body = await rewritten(wallet, change);
      await expectRefusedUnchanged(server(), () => authenticate(body), 400, 'invalid_data');
    }
    // The untouched message still logs in (the refusals spent nothing).
    const { client } = await setup();
    expect((await client.authenticate(wallet)).status).toBe(200);
  });

  it('accepts another RFC 3339 spelling of the issue time', async () => {
    const { rewritten, authenticate } = await setup();
    const wallet = newTestWallet();
    const body = await rewritten(wallet, (m) => m.replace(/(\nIssued At: [^.]+)\.\d{3}Z/, '$1+00:00'));
    expect((await authenticate(body)).status).toBe(200);
  });

  it('refuses a message issued a year ago, a day ahead, or before its nonce', async () => {
    const { client, authenticate } = await setup();
    const wallet = newTestWallet();
    const now = () => server().clock.now().getTime();
    for (const issuedAt of [new Date(now() - 365 * 24 * 60 * MINUTE), new Date(now() + 24 * 60 * MINUTE)]) {
      const body = await client.signedBody(wallet, { issuedAt });
      await expectRefusedUnchanged(server(), () => authenticate(body), 422, 'invalid_credentials');
    }
    // Within a nonce's lifetime of now, but written 6 minutes before its nonce existed.
    const { nonce } = await client.init(wallet.address);
    server().clock.advance(8 * MINUTE);
    const early = await client.signedBody(wallet, { nonce, issuedAt: new Date(now() - 14 * MINUTE) });
    await expectRefusedUnchanged(server(), () => authenticate(early), 422, 'invalid_credentials');
    // A wallet clock a little off is fine.
    const skewed = await client.signedBody(wallet, { issuedAt: new Date(now() + 2 * MINUTE) });
    expect((await authenticate(skewed)).status).toBe(200);
  });

  it('accepts only the configured chains', async () => {
    configureSiwe(server().ctx, { chains: [1, 10] });
    try {
      const { client, authenticate } = await setup();
      const wallet = newTestWallet();
      for (const chainId of [8453, 137]) {
        const body = await client.signedBody(wallet, { chainId });
        await expectRefusedUnchanged(server(), () => authenticate(body), 400, 'unsupported_chain_id');
      }
      expect((await client.authenticate(wallet, { chainId: 10 })).status).toBe(200);
      expect((await client.authenticate(wallet, { chainId: 1 })).status).toBe(200);
    } finally {
      configureSiwe(server().ctx);
    }
  });
});

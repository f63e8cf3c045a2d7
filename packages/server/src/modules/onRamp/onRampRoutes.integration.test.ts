import { ON_RAMP_API, type OnRampSignResponse } from '@latch/protocol/onRamp';
import { beforeAll, expect, it } from 'vitest';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { configureOnRampThrottle } from './onRampThrottle.js';
import {
  onRampApp,
  providerVerifies,
  randomAddress,
  TEST_KEYS,
  userWithEmbeddedWallet,
} from './testing/onRampTestApp.js';

// Every log line of the suite's server, to prove no secret key ever reaches one.
const logs = captureLogs('trace');
const SECRETS = [TEST_KEYS.live.secretKey, TEST_KEYS.sandbox.secretKey];

forEachBackend(
  'POST ON_RAMP_API.sign',
  (server) => {
    let app: { appId: string; clientId: string };
    let alice: { token: string; address: string; userId: string };
    let bob: { token: string; address: string; userId: string };
    const sign = (token: string | undefined, body: unknown, target = app) =>
      server().call('POST', ON_RAMP_API.sign, { body, headers: widgetHeaders(target.appId, target.clientId, token) });
    /** Every answer body of the suite, to prove no secret key ever reaches one. */
    const answers: string[] = [];
    const answer = async (res: Response) => {
      const text = await res.text();
      answers.push(text);
      return { status: res.status, body: JSON.parse(text) };
    };

    beforeAll(async () => {
      app = await onRampApp(server());
      alice = await userWithEmbeddedWallet(server(), app.appId);
      bob = await userWithEmbeddedWallet(server(), app.appId);
      configureOnRampThrottle(server().ctx, {
        perUser: { points: 1000, durationSec: 60 },
        perIp: { points: 1000, durationSec: 60 },
      });
    });

    it("signs MoonPay's live widget URL for the caller's own wallet, with the defaults (eth)", async () => {
      const { status, body } = await answer(await sign(alice.token, { address: alice.address, useSandbox: false }));
      expect(status).toBe(200);
      const { signedUrl, externalTransactionId, statusUrl } = body as OnRampSignResponse;
      const url = new URL(signedUrl);
      expect(url.origin).toBe('https://buy.moonpay.com');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        apiKey: TEST_KEYS.live.publishableKey,
        currencyCode: 'eth',
        walletAddress: alice.address,
        externalTransactionId,
        signature: expect.any(String),
      });
      expect(externalTransactionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(statusUrl).toBe(
        `https://api.moonpay.com/v1/transactions/ext/${externalTransactionId}?apiKey=${TEST_KEYS.live.publishableKey}`,
      );
      // The provider's check, computed here: the live secret verifies it, the sandbox one does not, and any
      // change to the query (another wallet, another id) breaks it.
      expect(providerVerifies(signedUrl, TEST_KEYS.live.secretKey)).toBe(true);
      expect(providerVerifies(signedUrl, TEST_KEYS.sandbox.secretKey)).toBe(false);
      expect(providerVerifies(signedUrl.replace(alice.address, bob.address), TEST_KEYS.live.secretKey)).toBe(false);
      expect(
        providerVerifies(signedUrl.replace('currencyCode=eth', 'currencyCode=btc'), TEST_KEYS.live.secretKey),
      ).toBe(false);
      // A fresh id each time.
      const again = await answer(await sign(alice.token, { address: alice.address, useSandbox: false }));
      expect(again.body.externalTransactionId).not.toBe(externalTransactionId);
    });

    it('uses the sandbox widget and keys when asked, with the currency, amount, theme and accent', async () => {
      const config = {
        currencyCode: 'usdc',
        quoteCurrencyAmount: 50,
        uiConfig: { accentColor: '#FF00aa', theme: 'dark' },
      };
      // Any letter case of the address names the wallet.
      const address = alice.address.toUpperCase().replace('0X', '0x');
      const { status, body } = await answer(await sign(alice.token, { address, useSandbox: true, config }));
      expect(status).toBe(200);
      const { signedUrl, externalTransactionId, statusUrl } = body as OnRampSignResponse;
      expect(signedUrl).toContain('colorCode=%23FF00aa');
      const url = new URL(signedUrl);
      expect(url.origin).toBe('https://buy-sandbox.moonpay.com');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        apiKey: TEST_KEYS.sandbox.publishableKey,
        currencyCode: 'usdc',
        walletAddress: address,
        quoteCurrencyAmount: '50',
        theme: 'dark',
        colorCode: '#FF00aa',
      });
      expect(statusUrl).toBe(
        `https://api.moonpay.com/v1/transactions/ext/${externalTransactionId}?apiKey=${TEST_KEYS.sandbox.publishableKey}`,
      );
      expect(providerVerifies(signedUrl, TEST_KEYS.sandbox.secretKey)).toBe(true);
      expect(providerVerifies(signedUrl, TEST_KEYS.live.secretKey)).toBe(false);
      expect(
        providerVerifies(
          signedUrl.replace('quoteCurrencyAmount=50', 'quoteCurrencyAmount=5000'),
          TEST_KEYS.sandbox.secretKey,
        ),
      ).toBe(false);
    });

    it('signs for an external wallet the user logged in with', async () => {
      const address = randomAddress();
      const session = await server().signIn(app.appId, {
        type: 'wallet',
        address,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        recovery_method: null,
        imported: false,
      });
      const { status, body } = await answer(await sign(session.token as string, { address, useSandbox: false }));
      expect(status).toBe(200);
      expect(new URL(body.signedUrl).searchParams.get('walletAddress')).toBe(address);
    });

    it("refuses to sign for another user's wallet, or a wallet nobody has, and stores nothing", async () => {
      const before = await server().tableCounts();
      for (const address of [bob.address, randomAddress()]) {
        const { status, body } = await answer(await sign(alice.token, { address, useSandbox: false }));
        expect([status, body.error]).toEqual([403, 'wallet_not_owned']);
        expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      }
      expect(await server().tableCounts()).toEqual(before);
    });

    it('refuses a caller without a valid access token', async () => {
      for (const token of [undefined, 'not-a-token', `${alice.token}x`]) {
        const { status, body } = await answer(await sign(token, { address: alice.address, useSandbox: false }));
        expect([status, body.error]).toEqual([401, 'missing_or_invalid_token']);
      }
    });

    it('refuses an app whose on-ramp is off, and a mode the app has no keys for', async () => {
      const off = await onRampApp(server(), []);
      const offUser = await userWithEmbeddedWallet(server(), off.appId);
      const refused = await answer(await sign(offUser.token, { address: offUser.address, useSandbox: false }, off));
      expect([refused.status, refused.body.error]).toEqual([403, 'on_ramp_not_enabled']);

      const liveOnly = await onRampApp(server(), ['live']);
      const liveUser = await userWithEmbeddedWallet(server(), liveOnly.appId);
      const body = { address: liveUser.address, useSandbox: true };
      const sandbox = await answer(await sign(liveUser.token, body, liveOnly));
      expect([sandbox.status, sandbox.body.error]).toEqual([409, 'on_ramp_not_configured']);
      expect((await sign(liveUser.token, { ...body, useSandbox: false }, liveOnly)).status).toBe(200);

      // Turned off again: refused again, the keys kept.
      await server().ctx.apps.update(liveOnly.appId, { config: { fiat_on_ramp_enabled: false } });
      const offAgain = await answer(await sign(liveUser.token, { ...body, useSandbox: false }, liveOnly));
      expect(offAgain.body.error).toBe('on_ramp_not_enabled');
    });

    it('refuses each bad body with invalid_data and stores nothing', async () => {
      const address = alice.address;
      const bodies: unknown[] = [
        {},
        [],
        'text',
        { address },
        { address, useSandbox: 'yes' },
        { address: 'alice.eth', useSandbox: false },
        { address: `${address}00`, useSandbox: false },
        { address, useSandbox: false, config: { currencyCode: 'ETH' } },
        { address, useSandbox: false, config: { currencyCode: 'eth&apiKey=pk_evil' } },
        { address, useSandbox: false, config: { quoteCurrencyAmount: -1 } },
        { address, useSandbox: false, config: { quoteCurrencyAmount: '10' } },
        { address, useSandbox: false, config: { quoteCurrencyAmount: 1e9 } },
        { address, useSandbox: false, config: { uiConfig: { accentColor: 'red' } } },
        { address, useSandbox: false, config: { uiConfig: { accentColor: '#fff&x=1' } } },
        { address, useSandbox: false, config: { uiConfig: { theme: 'blue' } } },
      ];
      const before = await server().tableCounts();
      for (const body of bodies) {
        const result = await answer(await sign(alice.token, body));
        expect([result.status, result.body.error], JSON.stringify(body)).toEqual([400, 'invalid_data']);
      }
      const raw = await server().call('POST', ON_RAMP_API.sign, {
        rawBody: '{"address":',
        headers: { ...widgetHeaders(app.appId, app.clientId, alice.token), 'content-type': 'application/json' },
      });
      expect([raw.status, (await answer(raw)).body.error]).toEqual([400, 'invalid_data']);
      expect(await server().tableCounts()).toEqual(before);
    });

    it('throttles sign calls per user', async () => {
      configureOnRampThrottle(server().ctx, {
        perUser: { points: 2, durationSec: 60 },
        perIp: { points: 1000, durationSec: 60 },
      });
      const carol = await userWithEmbeddedWallet(server(), app.appId);
      const body = { address: carol.address, useSandbox: false };
      expect((await sign(carol.token, body)).status).toBe(200);
      expect((await sign(carol.token, body)).status).toBe(200);
      const third = await answer(await sign(carol.token, body));
      expect([third.status, third.body.error]).toEqual([429, 'too_many_requests']);
      // Another user is counted apart.
      expect((await sign(bob.token, { address: bob.address, useSandbox: false })).status).toBe(200);
    });

    it('never puts a secret key in a log line or an answer', () => {
      expect(logs.lines.length).toBeGreaterThan(0);
      expect(answers.length).toBeGreaterThan(20);
      for (const text of [...logs.lines, ...answers])
        for (const secret of SECRETS) expect(text.includes(secret), text).toBe(false);
    });
  },
  { overrides: () => ({ logger: logs.logger }) },
);

import { createHmac } from 'node:crypto';
import type { TestServer } from '../../../test/harness.js';
import { recordEmbeddedWalletAccount } from '../../wallets/embeddedWalletAccount.js';

/** The keys the test apps get: secrets that must never show in a log line, an error or an answer. */
export const TEST_KEYS = {
  live: { publishableKey: 'pk_live_OnRampTest1', secretKey: 'sk_live_NEVER_SHOWN_3f9a1c' },
  sandbox: { publishableKey: 'pk_test_OnRampTest2', secretKey: 'sk_test_NEVER_SHOWN_77b0e4' },
} as const;

/** An app with the on-ramp on (live and sandbox keys, MoonPay's own URLs) and wallet login on. */
export async function onRampApp(server: TestServer, modes: ReadonlyArray<'live' | 'sandbox'> = ['live', 'sandbox']) {
  const app = await server.createApp({ config: { wallet_auth: true } });
  for (const mode of modes) await server.ctx.onRampSettings.set(app.appId, mode, TEST_KEYS[mode]);
  if (modes.length > 0) await server.ctx.apps.update(app.appId, { config: { fiat_on_ramp_enabled: true } });
  return app;
}

/** A fresh random address (lower case). */
export const randomAddress = () =>
  `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;

/** Signs up an email user of the app and gives them an embedded wallet; answers the token and the address. */
export async function userWithEmbeddedWallet(server: TestServer, appId: string) {
  const session = await server.signIn(appId, {
    type: 'email',
    address: `u${randomAddress().slice(2, 12)}@example.com`,
  });
  const userId = session.user.id.replace('did:latch:', '');
  const address = randomAddress();
  await recordEmbeddedWalletAccount(server.ctx, { appId, userId }, address, 'latch');
  return { token: session.token as string, address, userId };
}

/**
 * Verifies a signed widget URL the way the provider does, independently of the server's code: HMAC-SHA256
 * with the secret key over the query before `&signature=`, base64, against the decoded `signature`.
 */
export function providerVerifies(signedUrl: string, secretKey: string): boolean {
  const at = signedUrl.lastIndexOf('&signature=');
  if (at < 0) return false;
  const search = new URL(signedUrl.slice(0, at)).search;
  const signature = decodeURIComponent(signedUrl.slice(at + '&signature='.length));
  return createHmac('sha256', secretKey).update(search).digest('base64') === signature;
}

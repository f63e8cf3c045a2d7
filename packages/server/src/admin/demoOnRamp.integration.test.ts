import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevIdp, describeDevIdp, startDevIdp } from '@latch/dev-idp';
import { IDENTITY_API } from '@latch/protocol';
import { ON_RAMP_API } from '@latch/protocol/onRamp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { providerVerifies, userWithEmbeddedWallet } from '../modules/onRamp/testing/onRampTestApp.js';
import { forEachBackend, widgetHeaders } from '../test/harness.js';
import { parseCommand, runCommand } from './commands.js';

// `apps ensure-demo --dev-idp FILE` with the description's optional `moonpay` object (the dev IdP's MoonPay
// stand-in, docs/onramp.md): the demo app gets its live and sandbox keys and the on-ramp goes on.

const dir = mkdtempSync(join(tmpdir(), 'latch-demo-onramp-'));
let idp: DevIdp;
const moonpay = {
  widget_url: 'http://127.0.0.1:4011/moonpay/buy',
  sandbox_widget_url: 'http://127.0.0.1:4011/moonpay/buy-sandbox',
  api_url: 'http://127.0.0.1:4011/moonpay/api',
  publishable_key: 'pk_live_devidp_1',
  sandbox_publishable_key: 'pk_test_devidp_1',
  secret_key: 'sk_live_devidp_SECRET_1',
  sandbox_secret_key: 'sk_test_devidp_SECRET_1',
};
/** The dev IdP's description with (or without) the stand-in's keys, written as npm start writes it. */
function descriptionFile(name: string, withMoonpay: typeof moonpay | null): string {
  const { moonpay: _own, ...rest } = describeDevIdp(idp) as ReturnType<typeof describeDevIdp> & { moonpay?: unknown };
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(withMoonpay ? { ...rest, moonpay: withMoonpay } : rest), { mode: 0o600 });
  return file;
}

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: ['http://localhost:8787/api/v1/oauth/callback'] });
});
afterAll(async () => {
  await idp.close();
  rmSync(dir, { recursive: true, force: true });
});

forEachBackend('ensure-demo with the MoonPay stand-in', (server) => {
  const ensureDemo = async (file: string) => {
    const out: Array<{ app_id: string; client_id: string }> = [];
    const argv = ['apps', 'ensure-demo', '--origin', 'http://localhost:5173', '--dev-idp', file];
    expect(await runCommand(server().ctx, parseCommand(argv), (value) => out.push(value as never))).toBe(0);
    return out[0] as { app_id: string; client_id: string };
  };

  it('without a moonpay object the on-ramp stays off and no keys are stored', async () => {
    const { app_id } = await ensureDemo(descriptionFile('plain', null));
    expect((await server().ctx.apps.require(app_id, { fresh: true })).config.fiat_on_ramp_enabled).toBe(false);
    expect(await server().ctx.onRampSettings.list(app_id)).toEqual([]);
  });

  it("stores the stand-in's live and sandbox keys and URLs and turns the on-ramp on; the sandbox signs", async () => {
    const { app_id, client_id } = await ensureDemo(descriptionFile('moonpay', moonpay));
    const { ctx } = server();
    expect(await ctx.onRampSettings.get(app_id, 'live')).toMatchObject({
      publishableKey: moonpay.publishable_key,
      secretKey: moonpay.secret_key,
      widgetUrl: moonpay.widget_url,
      apiUrl: moonpay.api_url,
    });
    expect(await ctx.onRampSettings.get(app_id, 'sandbox')).toMatchObject({
      publishableKey: moonpay.sandbox_publishable_key,
      secretKey: moonpay.sandbox_secret_key,
      widgetUrl: moonpay.sandbox_widget_url,
      apiUrl: moonpay.api_url,
    });
    const config = await (await server().call('GET', IDENTITY_API.appConfig(app_id))).json();
    expect(config.fiat_on_ramp_enabled).toBe(true);

    const user = await userWithEmbeddedWallet(server(), app_id);
    const res = await server().call('POST', ON_RAMP_API.sign, {
      body: { address: user.address, useSandbox: true },
      headers: widgetHeaders(app_id, client_id, user.token),
    });
    const { signedUrl, statusUrl, externalTransactionId } = await res.json();
    expect(signedUrl.startsWith(`${moonpay.sandbox_widget_url}?apiKey=${moonpay.sandbox_publishable_key}&`)).toBe(true);
    expect(providerVerifies(signedUrl, moonpay.sandbox_secret_key)).toBe(true);
    expect(statusUrl).toBe(
      `${moonpay.api_url}/v1/transactions/ext/${externalTransactionId}?apiKey=${moonpay.sandbox_publishable_key}`,
    );
  });

  it('refuses a moonpay object with a field missing, naming it, never a secret', async () => {
    const { sandbox_secret_key: _gone, ...partial } = moonpay;
    const file = descriptionFile('partial', partial as typeof moonpay);
    const argv = ['apps', 'ensure-demo', '--origin', 'http://localhost:5173', '--dev-idp', file];
    const error = await runCommand(server().ctx, parseCommand(argv), () => undefined).catch((e: Error) => e);
    expect(String(error)).toMatch(/moonpay\.sandbox_secret_key/);
    expect(String(error)).not.toContain(moonpay.secret_key);
  });
});

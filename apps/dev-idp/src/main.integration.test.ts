import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, expect, it } from 'vitest';
import { startLocalChain } from '../../../scripts/localChain.mjs';
import { waitForFile } from '../../../scripts/stack.mjs';
import type { DevIdp, DevIdpDescription } from './index.js';
import { pickOutcome, signedWidgetUrl } from './testing/moonPayClient.js';

// main.ts as scripts/stack.mjs runs it: dev mode only, its description file private, a taken port fatal.

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'latch-dev-idp-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs main.ts with `env` (no LATCH_DEV unless given). */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=@latch/source', '--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

it('refuses to run outside dev mode', async () => {
  const run = runMain({ DEV_IDP_PORT: '0', DEV_IDP_REDIRECT_URIS: 'http://localhost:8787/api/v1/oauth/callback' });
  expect(await run.exited).toBe(1);
  expect(run.output()).toMatch(/only in dev mode \(LATCH_DEV=1\)/);
});

it('writes its description (mode 0600) once it listens, and stops on SIGTERM', async () => {
  const file = join(dir, 'dev-idp.json');
  const run = runMain({
    LATCH_DEV: '1',
    DEV_IDP_PORT: '0',
    DEV_IDP_REDIRECT_URIS: 'http://localhost:8787/api/v1/oauth/callback',
    DEV_IDP_DESCRIPTION_FILE: file,
  });
  await waitForFile(file, run.child);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const description = JSON.parse(readFileSync(file, 'utf8')) as DevIdpDescription;
  expect(Object.keys(description.providers)).toHaveLength(9);
  expect((await fetch(description.custom.jwks_url)).status).toBe(200);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.output()).toMatch(/^dev IdP \(stand-ins, not real providers\) on http:\/\/127\.0\.0\.1:\d+\n$/);
}, 60_000);

it('pays MoonPay stand-in purchases on the chain of DEV_IDP_CHAIN_RPC_URL, keys in the description', async () => {
  const chain = await startLocalChain();
  const file = join(dir, 'dev-idp-chain.json');
  const run = runMain({
    LATCH_DEV: '1',
    DEV_IDP_PORT: '0',
    DEV_IDP_REDIRECT_URIS: 'http://localhost:8787/api/v1/oauth/callback',
    DEV_IDP_CHAIN_RPC_URL: chain.url,
    DEV_IDP_DESCRIPTION_FILE: file,
  });
  try {
    await waitForFile(file, run.child);
    const { moonpay } = JSON.parse(readFileSync(file, 'utf8')) as DevIdpDescription;
    // What the signing helper reads of a running dev IdP, from the description alone.
    const idp = {
      moonPay: {
        widgetUrl: moonpay.widget_url,
        sandboxWidgetUrl: moonpay.sandbox_widget_url,
        publishableKey: moonpay.publishable_key,
        sandboxPublishableKey: moonpay.sandbox_publishable_key,
        secretKey: moonpay.secret_key,
        sandboxSecretKey: moonpay.sandbox_secret_key,
      },
    } as DevIdp;
    const wallet = '0x00000000000000000000000000000000000f00D5';
    const url = signedWidgetUrl(idp, {
      walletAddress: wallet,
      externalTransactionId: 'main-1',
      quoteCurrencyAmount: '2',
    });
    expect(await (await pickOutcome(url, 'complete')).text()).toContain('Purchase completed');
    const client = createPublicClient({ transport: http(chain.url) });
    expect(await client.getBalance({ address: wallet })).toBe(parseEther('2'));
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
    await chain.stop();
  }
}, 60_000);

it('exits when its port is taken (the stack then names DEV_IDP_PORT)', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const file = join(dir, 'never.json');
    const run = runMain({
      LATCH_DEV: '1',
      DEV_IDP_PORT: String((taken.address() as AddressInfo).port),
      DEV_IDP_REDIRECT_URIS: 'http://localhost:8787/api/v1/oauth/callback',
      DEV_IDP_DESCRIPTION_FILE: file,
    });
    await expect(waitForFile(file, run.child)).rejects.toThrow(/exited/);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/could not start on port \d+: .*EADDRINUSE/);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}, 60_000);

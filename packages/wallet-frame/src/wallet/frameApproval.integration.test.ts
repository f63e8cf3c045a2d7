import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FRAME_CONFIG_ELEMENT_ID, FRAME_PATH, type FrameConfig, WALLET_EVENT } from '@latch/protocol/frame';
import { parseEther, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmationSurface, createApprovalGate } from '../approval/approvalGate.js';
import { frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';
import type { FrameApproval } from './frameRoutes.js';

// A stand-in build (the page route serves whatever build it finds; this test reads the page's config).
const frameDir = mkdtempSync(join(tmpdir(), 'latch-frame-approval-'));
writeFileSync(join(frameDir, 'frame-AB12CD34.js'), 'export {};');
writeFileSync(join(frameDir, 'export-EF56GH78.js'), 'export {};');
writeFileSync(
  join(frameDir, 'manifest.json'),
  JSON.stringify({ 'frame.js': 'frame-AB12CD34.js', 'export.js': 'export-EF56GH78.js' }),
);

type FrameData = { address?: `0x${string}`; result?: `0x${string}` };

const TYPED = {
  domain: { name: 'Latch', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'gm' },
} as const;
const oneEth = (address: string) => ({
  from: address,
  to: address,
  value: `0x${parseEther('1').toString(16)}`,
  chainId: 1,
  nonce: 0,
  gas: 21000,
});
const requests = (address: string) => ({
  personal_sign: { method: 'personal_sign', params: ['gm', address] },
  eth_signTypedData_v4: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(TYPED)] },
  eth_signTransaction: { method: 'eth_signTransaction', params: [oneEth(address)] },
});

// The hidden 0×0 frame the widget mounts: nothing can be shown there.
const HIDDEN: ConfirmationSurface = {
  viewport: () => ({ width: 0, height: 0 }),
  onResize: () => () => {},
  show: () => ({ visible: () => false, hint() {}, remove() {} }),
};

/** A placed frame where the user reads the confirmation for `seenMs` and then clicks its button (a trusted click). */
function clickingSurface(seenMs: number) {
  let time = 0;
  const shown: string[] = [];
  const surface: ConfirmationSurface = {
    viewport: () => ({ width: 360, height: 400 }),
    onResize: () => () => {},
    show(content, onClick) {
      shown.push(content.title);
      setImmediate(() => {
        time += seenMs;
        onClick('confirm', { isTrusted: true });
      });
      return { visible: () => true, hint() {}, remove() {} };
    },
  };
  const clock = { now: () => time, setTimeout, clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
  return { surface, clock, shown };
}

describe('the frame signs only after its own confirmation, unless the server allows headless signing (real server, PGlite)', () => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer({
      settings: { frameDir },
      app: { config: { embedded_wallet_config: { headless_signing: true } } },
    });
  });
  afterAll(async () => env?.close());

  /** The FrameConfig the server rendered into `appId`'s frame page. */
  async function pageConfig(appId: string): Promise<FrameConfig> {
    const html = await (await env.server.app.request(FRAME_PATH.wallet(appId))).text();
    const json = new RegExp(`id="${FRAME_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
    return JSON.parse(json ?? 'null') as FrameConfig;
  }

  /** A logged-in frame of `appId` with a new wallet, approving as `gate` says and as its page config says. */
  async function frame(
    email: string,
    appId: string,
    surface: ConfirmationSurface,
    clock?: Parameters<typeof createApprovalGate>[1],
  ) {
    const config = await pageConfig(appId);
    const approval: FrameApproval = {
      headless: config.headlessSigning === true,
      gate: createApprovalGate(surface, clock),
    };
    const login = await env.login(email, appId);
    const device = await env.device(undefined, { appId });
    const host = frameHost<FrameData>(device.wallet, approval);
    await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
    const address = (await host(WALLET_EVENT.walletCreate, { accessToken: login.token })).data
      ?.address as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    return { host, address, token: login.token };
  }

  it('renders headless_signing from the server config only: off by default, on where the app set it', async () => {
    expect((await pageConfig(env.otherAppId)).headlessSigning).toBe(false);
    expect((await pageConfig(env.appId)).headlessSigning).toBe(true);
  });

  it('issue #24 reproduction 2: a host script posting to the hidden frame gets refusals, and cannot approve', async () => {
    const { host, address, token } = await frame('script@example.com', env.otherAppId, HIDDEN);
    for (const [method, request] of Object.entries(requests(address))) {
      const reply = await host(WALLET_EVENT.walletRpc, { accessToken: token, address, request });
      expect([method, reply.data, reply.error?.type]).toEqual([method, undefined, 'approval_not_visible']);
    }
    const approve = await host(WALLET_EVENT.walletApproveTransaction, {
      accessToken: token,
      address,
      transaction: oneEth(address),
    });
    expect(approve.error).toEqual({
      type: 'error',
      message: 'Only a click in the wallet frame approves a signature.',
    });
    // An old host's approval id changes nothing either: the schema drops it and the frame still asks.
    const withId = await host(WALLET_EVENT.walletRpc, {
      accessToken: token,
      address,
      request: requests(address).eth_signTransaction,
      approvalId: 'a'.repeat(32),
    });
    expect(withId.error?.type).toBe('approval_not_visible');
  });

  it('the same requests sign after a trusted click on the confirmation shown long enough', async () => {
    const user = clickingSurface(600);
    const { host, address, token } = await frame('clicker@example.com', env.otherAppId, user.surface, user.clock);
    const all = requests(address);
    const rpc = async (request: unknown) =>
      (await host(WALLET_EVENT.walletRpc, { accessToken: token, address, request })).data?.result as `0x${string}`;
    expect(await verifyMessage({ address, message: 'gm', signature: await rpc(all.personal_sign) })).toBe(true);
    expect(await verifyTypedData({ address, ...TYPED, signature: await rpc(all.eth_signTypedData_v4) })).toBe(true);
    const raw = await rpc(all.eth_signTransaction);
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address);
    expect(parseTransaction(raw).value).toBe(parseEther('1'));
    expect(user.shown).toEqual(['Sign message', 'Sign message', 'Send ETH']);
  });

  it("with headless_signing on in the app config, the hidden frame signs the script's requests", async () => {
    const { host, address, token } = await frame('headless@example.com', env.appId, HIDDEN);
    const all = requests(address);
    const rpc = async (request: unknown) =>
      (await host(WALLET_EVENT.walletRpc, { accessToken: token, address, request })).data?.result as `0x${string}`;
    expect(await verifyMessage({ address, message: 'gm', signature: await rpc(all.personal_sign) })).toBe(true);
    expect(
      await recoverTransactionAddress({ serializedTransaction: (await rpc(all.eth_signTransaction)) as never }),
    ).toBe(address);
  });
});

import { WALLET_EVENT } from '@latch/protocol/frame';
import { parseTransaction, recoverTransactionAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FrameHost, frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';

const hex = (n: bigint) => `0x${n.toString(16)}`;
const NOT_APPROVED = 'This transaction is not the one the user approved, or its approval was used or expired.';
const ATTACKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('the frame signs only the transaction the user approved (real server, PGlite, real keys)', () => {
  let env: FrameTestServer;
  let host: FrameHost;
  let token: string;
  let address: `0x${string}`;
  beforeAll(async () => {
    env = await frameTestServer();
    const login = await env.login('approvals@example.com');
    host = frameHost((await env.device()).wallet);
    await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
    const created = await host(WALLET_EVENT.walletCreate, { accessToken: login.token });
    token = login.token;
    address = created.data?.address as `0x${string}`;
  });
  afterAll(async () => env?.close());

  // Transaction A as the send screen reviews it: every field filled in (quantities as hex: messages are JSON).
  const txA = () => ({
    from: address,
    to: FRIEND,
    value: hex(10n ** 16n),
    chainId: 31337,
    nonce: 0,
    gas: hex(21000n),
    maxFeePerGas: hex(2_000_000_000n),
    maxPriorityFeePerGas: hex(1_000_000_000n),
  });
  const approve = (transaction: Record<string, unknown>) =>
    host(WALLET_EVENT.walletApproveTransaction, { accessToken: token, address, transaction });
  const sign = (transaction: Record<string, unknown>, approvalId?: string) =>
    host(WALLET_EVENT.walletRpc, {
      accessToken: token,
      address,
      approvalId,
      request: { method: 'eth_signTransaction', params: [transaction] },
    });

  it('signs transaction A with its approval id, and the signature is of exactly A', async () => {
    const approval = await approve(txA());
    expect(approval.data).toEqual({
      approvalId: expect.stringMatching(/^[0-9a-f]{32}$/),
      expiresAt: expect.any(Number),
    });
    const signed = await sign(txA(), approval.data?.approvalId as string);
    const raw = signed.data?.result as `0x${string}`;
    expect(parseTransaction(raw)).toMatchObject({ to: FRIEND.toLowerCase(), value: 10n ** 16n, chainId: 31337 });
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address);
  });

  it.each([
    ['another recipient', { to: ATTACKER }],
    ['another value', { value: hex(10n ** 18n) }],
    ['added calldata', { data: '0xa9059cbb' }],
    ['another chain', { chainId: 1 }],
    ['another nonce', { nonce: 1 }],
    ['a higher fee cap', { maxFeePerGas: hex(900_000_000_000n) }],
  ])("A's approval id does not sign B with %s: refused, nothing signed, and the id is burnt", async (_, change) => {
    const approval = await approve(txA());
    const id = approval.data?.approvalId as string;
    const refused = await sign({ ...txA(), ...change }, id);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toEqual({ type: 'error', message: NOT_APPROVED });
    // The probe used the approval up: even A no longer signs with it.
    expect((await sign(txA(), id)).error?.message).toBe(NOT_APPROVED);
  });

  it('an approval signs once: reusing its id is refused', async () => {
    const id = (await approve(txA())).data?.approvalId as string;
    expect((await sign(txA(), id)).data?.result).toMatch(/^0x02/);
    const again = await sign(txA(), id);
    expect(again).toMatchObject({ error: { message: NOT_APPROVED } });
    expect(again.data).toBeUndefined();
  });

  it('a revoked approval (the user closed the review) signs nothing: transaction_not_approved', async () => {
    const id = (await approve(txA())).data?.approvalId as string;
    const other = (await approve(txA())).data?.approvalId as string;
    expect(await host(WALLET_EVENT.walletRevokeApproval, { approvalId: id })).toMatchObject({ data: {} });
    const refused = await sign(txA(), id);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toEqual({ type: 'error', message: NOT_APPROVED });
    // Only that id goes: another live approval still signs.
    expect((await sign(txA(), other)).data?.result).toMatch(/^0x02/);
  });

  it('an unknown id, an approval without nonce or gas, and approvals after clear are refused', async () => {
    expect((await sign(txA(), 'f'.repeat(32))).error?.message).toBe(NOT_APPROVED);
    const { nonce: _n, ...noNonce } = txA();
    expect((await approve(noNonce)).error?.type).toBe('error');
    const id = (await approve(txA())).data?.approvalId as string;
    await host(WALLET_EVENT.walletClear, {});
    expect((await sign(txA(), id)).data).toBeUndefined();
  });

  it("another user's token on the frame drops the approvals: the first user's id no longer signs", async () => {
    await host(WALLET_EVENT.walletConnect, { accessToken: token, address });
    const id = (await approve(txA())).data?.approvalId as string;
    const other = await env.login('approvals-other@example.com');
    const refused = await host(WALLET_EVENT.walletApproveTransaction, {
      accessToken: other.token,
      address,
      transaction: txA(),
    });
    expect(refused.error).toBeDefined();
    expect((await host(WALLET_EVENT.walletConnect, { accessToken: token, address })).data).toMatchObject({ address });
    expect((await sign(txA(), id)).error?.message).toBe(NOT_APPROVED);
  });
});

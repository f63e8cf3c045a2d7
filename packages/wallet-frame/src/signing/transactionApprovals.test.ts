import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  createTransactionApprovals,
  TRANSACTION_APPROVAL_LIMIT,
  TRANSACTION_APPROVAL_TTL_MS,
} from './transactionApprovals.js';

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const tx = {
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 1n,
  chainId: 1,
  nonce: 3,
  gas: 21000,
  gasPrice: 1,
};

describe('transaction approvals', () => {
  it('an approval lapses after TRANSACTION_APPROVAL_TTL_MS', () => {
    let now = 1_000;
    const approvals = createTransactionApprovals({ now: () => now });
    const live = approvals.approve(wallet, tx);
    expect(live.expiresAt).toBe(1_000 + TRANSACTION_APPROVAL_TTL_MS);
    const lapsed = approvals.approve(wallet, tx);
    approvals.consume(live.approvalId, wallet, tx);
    now += TRANSACTION_APPROVAL_TTL_MS;
    expect(() => approvals.consume(lapsed.approvalId, wallet, tx)).toThrow(LatchError);
  });

  it('is bound to the wallet address (any case) and to the hex or number spelling of nothing but the values', () => {
    const approvals = createTransactionApprovals();
    const a = approvals.approve(wallet.toLowerCase(), tx);
    // Same values, other spellings: the same transaction.
    approvals.consume(a.approvalId, wallet, { ...tx, value: '0x1', gas: 21000n, nonce: 3 });
    const b = approvals.approve(wallet, tx);
    expect(() => approvals.consume(b.approvalId, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', tx)).toThrow(
      expect.objectContaining({ code: 'transaction_not_approved' }),
    );
  });

  it('covers the access list: an approval of a transaction without it does not sign one with it', () => {
    const approvals = createTransactionApprovals();
    const withList = { ...tx, accessList: [{ address: wallet, storageKeys: [] }] };
    const a = approvals.approve(wallet, tx);
    expect(() => approvals.consume(a.approvalId, wallet, withList)).toThrow(
      expect.objectContaining({ code: 'transaction_not_approved' }),
    );
    const b = approvals.approve(wallet, withList);
    approvals.consume(b.approvalId, wallet, withList);
  });

  it('a revoked approval signs nothing; revoking an unknown id is harmless', () => {
    const approvals = createTransactionApprovals();
    const a = approvals.approve(wallet, tx);
    approvals.revoke(a.approvalId);
    approvals.revoke('f'.repeat(32));
    expect(() => approvals.consume(a.approvalId, wallet, tx)).toThrow(
      expect.objectContaining({ code: 'transaction_not_approved' }),
    );
  });

  it('keeps at most TRANSACTION_APPROVAL_LIMIT approvals: a new one evicts the oldest', () => {
    const approvals = createTransactionApprovals();
    const ids = Array.from({ length: TRANSACTION_APPROVAL_LIMIT + 1 }, () => approvals.approve(wallet, tx).approvalId);
    expect(() => approvals.consume(ids[0] as string, wallet, tx)).toThrow(
      expect.objectContaining({ code: 'transaction_not_approved' }),
    );
    for (const id of ids.slice(1)) approvals.consume(id, wallet, tx);
  });
});

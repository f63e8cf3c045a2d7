import { LatchError } from '@latch/protocol';
import { bytesToHex, type Hex, keccak256, serializeTransaction } from 'viem';
import { toSignableTransaction } from './signTransaction.js';

/** How long a review may stay open before its approval lapses (the send screen then prepares again). */
export const TRANSACTION_APPROVAL_TTL_MS = 10 * 60_000;

/** How many live approvals the frame keeps; a new one evicts the oldest (a host cannot grow the store). */
export const TRANSACTION_APPROVAL_LIMIT = 16;

interface Approval {
  address: string;
  digest: Hex;
  expiresAt: number;
}

/** The frame's one-time approvals of reviewed transactions (docs/custody.md "What the frame signs"). */
export interface TransactionApprovals {
  /** Registers exactly `transaction` for `address`; the id is good for one signature of it. */
  approve(address: string, transaction: Record<string, unknown>): { approvalId: string; expiresAt: number };
  /** Uses up `approvalId`; throws transaction_not_approved unless it is live and for exactly this transaction. */
  consume(approvalId: string, address: string, transaction: Record<string, unknown>): void;
  /** Forgets one approval (the user closed its review): its id signs nothing after it. */
  revoke(approvalId: string): void;
  /** Forgets every approval (logout, another user). */
  clear(): void;
}

// The transaction as it would be signed (chainId, to, value, data, nonce, gas and fee fields), hashed:
// two requests that sign to different bytes never share a digest.
function digestOf(transaction: Record<string, unknown>): Hex {
  const signable = toSignableTransaction(transaction);
  if (signable.nonce === undefined || signable.gas === undefined) {
    throw new LatchError('invalid_transaction_request', 'An approved transaction must carry its nonce and gas.');
  }
  return keccak256(serializeTransaction(signable));
}

/** Creates the approval store of one frame page (memory only: a reload forgets every approval). */
export function createTransactionApprovals(
  options: { now?: () => number; newId?: () => string } = {},
): TransactionApprovals {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => bytesToHex(crypto.getRandomValues(new Uint8Array(16))).slice(2));
  const approvals = new Map<string, Approval>();
  return {
    approve(address, transaction) {
      const digest = digestOf(transaction);
      for (const [id, approval] of approvals) if (approval.expiresAt <= now()) approvals.delete(id);
      // A Map iterates in insertion order: the first key is the oldest approval.
      for (const id of approvals.keys()) {
        if (approvals.size < TRANSACTION_APPROVAL_LIMIT) break;
        approvals.delete(id);
      }
      const approvalId = newId();
      const expiresAt = now() + TRANSACTION_APPROVAL_TTL_MS;
      approvals.set(approvalId, { address: address.toLowerCase(), digest, expiresAt });
      return { approvalId, expiresAt };
    },
    consume(approvalId, address, transaction) {
      const approval = approvals.get(approvalId);
      // Used up by any attempt, matching or not: a probe for the approved transaction burns the id.
      approvals.delete(approvalId);
      const matches =
        approval !== undefined &&
        approval.expiresAt > now() &&
        approval.address === address.toLowerCase() &&
        approval.digest === digestOf(transaction);
      if (!matches) throw new LatchError('transaction_not_approved');
    },
    revoke(approvalId) {
      approvals.delete(approvalId);
    },
    clear() {
      approvals.clear();
    },
  };
}

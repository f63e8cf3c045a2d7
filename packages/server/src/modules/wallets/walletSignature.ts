import { LatchError } from '@latch/protocol';
import { type CustodyAction, custodyStatement } from '@latch/protocol/schemas';
import type { Hex } from 'viem';
import { loadViem } from '../../kernel/lazy/loadViem.js';

/** What a wallet-key signature must cover (docs/custody.md). */
interface WalletSignatureInput {
  action: CustodyAction;
  appId: string;
  walletId: string;
  shareSetId: string;
  /** The nonce of the same request's device proof: a signature is good for one request. */
  nonce: string;
  /** The wallet's address (the body's for a new wallet, the stored one otherwise). */
  address: string;
  signature: string;
}

/**
 * Checks an EIP-191 personal_sign of `custodyStatement(...)` by the wallet key with viem's
 * `verifyMessage` (local recovery, no RPC); throws 401 `invalid_wallet_signature` otherwise.
 */
export async function verifyWalletSignature(input: WalletSignatureInput): Promise<void> {
  const message = custodyStatement({
    action: input.action,
    appId: input.appId,
    walletId: input.walletId,
    shareSetId: input.shareSetId,
    nonce: input.nonce,
  });
  const { verifyMessage } = await loadViem();
  let valid = false;
  try {
    valid = await verifyMessage({
      address: input.address as Hex,
      message,
      signature: input.signature as Hex,
    });
  } catch {
    valid = false; // a malformed signature (bad recovery byte, not a curve point) is just not valid
  }
  if (!valid) throw new LatchError('invalid_wallet_signature');
}

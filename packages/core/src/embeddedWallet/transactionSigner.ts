import { LatchError, type User } from '@latch/protocol';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { type EmbeddedWalletClient, type EmbeddedWalletController, tokenOrFail } from './embeddedWalletController.js';

type Hex = `0x${string}`;

/** A transaction as it crosses to the frame: JSON-safe, quantities as hex strings, chainId a number. */
export type FrameTransaction = Record<
  string,
  string | number | undefined | readonly { address: string; storageKeys: readonly string[] }[]
>;

/** Signs transactions in the frame: registers what the user reviews, then signs exactly that. */
export interface TransactionSigner {
  /** Registers `transaction` with the frame; the one-time approval id for its signature. */
  approve(user: User, transaction: FrameTransaction): Promise<string>;
  /** eth_signTransaction in the frame (with the review's approval id; null: the host shows no review). */
  sign(user: User, transaction: FrameTransaction, approvalId: string | null): Promise<Hex>;
  /** Tells the frame to forget an approval the user did not submit (closed, logged out, replaced). */
  revoke(approvalId: string): Promise<void>;
}

/** The frame signer over the controller's connection (unlock first) and the bridge. */
export function createTransactionSigner(
  client: EmbeddedWalletClient,
  bridge: EmbeddedWalletBridge,
  controller: Pick<EmbeddedWalletController, 'connect'>,
): TransactionSigner {
  return {
    async approve(user, transaction) {
      const wallet = await controller.connect(user);
      const accessToken = await tokenOrFail(client);
      if (!bridge.approveTransaction)
        throw new LatchError('internal_error', 'The wallet frame cannot approve transactions.');
      const { approvalId } = await bridge.approveTransaction({ accessToken, address: wallet.address, transaction });
      return approvalId;
    },
    async sign(user, transaction, approvalId) {
      const wallet = await controller.connect(user);
      const accessToken = await tokenOrFail(client);
      const { result } = await bridge.rpc({
        accessToken,
        address: wallet.address,
        request: { method: 'eth_signTransaction', params: [transaction] },
        ...(approvalId === null ? {} : { approvalId }),
      });
      return result;
    },
    async revoke(approvalId) {
      // No connect or token: forgetting an approval needs no authority, and a logout must still reach the frame.
      await bridge.revokeApproval?.({ approvalId });
    },
  };
}

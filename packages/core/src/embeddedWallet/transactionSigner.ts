import type { User } from '@latch/protocol';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { type EmbeddedWalletClient, type EmbeddedWalletController, tokenOrFail } from './embeddedWalletController.js';

type Hex = `0x${string}`;

/** A transaction as it crosses to the frame: JSON-safe, quantities as hex strings, chainId a number. */
export type FrameTransaction = Record<
  string,
  string | number | undefined | readonly { address: string; storageKeys: readonly string[] }[]
>;

/** Signs transactions in the frame, which asks the user on its own confirmation (docs/custody.md). */
export interface TransactionSigner {
  /** eth_signTransaction in the frame: resolves once the user clicked Submit there (or at once, headless). */
  sign(user: User, transaction: FrameTransaction): Promise<Hex>;
}

/** The frame signer over the controller's connection (unlock first) and the bridge. */
export function createTransactionSigner(
  client: EmbeddedWalletClient,
  bridge: EmbeddedWalletBridge,
  controller: Pick<EmbeddedWalletController, 'connect'>,
): TransactionSigner {
  return {
    async sign(user, transaction) {
      const wallet = await controller.connect(user);
      const accessToken = await tokenOrFail(client);
      const { result } = await bridge.rpc({
        accessToken,
        address: wallet.address,
        request: { method: 'eth_signTransaction', params: [transaction] },
      });
      return result;
    },
  };
}

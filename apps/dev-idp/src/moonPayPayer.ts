import { createPublicClient, type Hex, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The account the MoonPay stand-in pays from: anvil's default mnemonic, index 9 (public test key, not a
 * secret). Nothing else in the repository sends from it (index 0 funds the demo and the tests), so its
 * nonces are the stand-in's alone; funded with 10 000 ETH on every fresh anvil chain.
 */
export const MOONPAY_PAYER_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
/** The payer's address (anvil's tenth default account). */
export const MOONPAY_PAYER_ADDRESS = privateKeyToAccount(MOONPAY_PAYER_KEY).address;

/** How long a payment waits for its receipt before the purchase fails. */
const RECEIPT_TIMEOUT_MS = 30_000;

/** Sends purchased ETH on the dev chain, one send at a time. */
export interface Payer {
  /** Sends `amountEth` (a decimal string of ETH) to `to`; resolves with the hash once the receipt says success. */
  pay(to: Hex, amountEth: string): Promise<Hex>;
}

/**
 * The stand-in's payer on the chain at `rpcUrl`: signs locally (viem) and sends with eth_sendRawTransaction,
 * so it needs no unlocked account (and passes scripts/chainSendQueue.mjs untouched, which queues only
 * eth_sendTransaction). Sends are serialised and each waits for its receipt: the next one reads the nonce
 * after it, so concurrent purchases never collide. Without `rpcUrl` every payment fails with a reason.
 */
export function createPayer(rpcUrl: string | undefined): Payer {
  const account = privateKeyToAccount(MOONPAY_PAYER_KEY);
  const client = rpcUrl ? createPublicClient({ transport: http(rpcUrl) }) : undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const send = async (to: Hex, value: bigint): Promise<Hex> => {
    if (!client) {
      throw new Error(
        'The MoonPay stand-in has no chain to pay on: start the dev IdP with chainRpcUrl (DEV_IDP_CHAIN_RPC_URL).',
      );
    }
    const [chainId, nonce, fees, gas] = await Promise.all([
      client.getChainId(),
      client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      client.estimateFeesPerGas(),
      client.estimateGas({ account: account.address, to, value }),
    ]);
    const serializedTransaction = await account.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      to,
      value,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = await client.sendRawTransaction({ serializedTransaction });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    if (receipt.status !== 'success') throw new Error(`The payment ${hash} reverted on the dev chain.`);
    return hash;
  };

  return {
    pay(to, amountEth) {
      const value = parseEther(amountEth);
      const result = queue.then(() => send(to, value));
      // The next send waits for this one, whether it paid or failed.
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

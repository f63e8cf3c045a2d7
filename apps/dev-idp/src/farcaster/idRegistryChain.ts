import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import artifact from './idRegistryArtifact.json' with { type: 'json' };

/**
 * Farcaster's real IdRegistry (farcasterxyz/contracts src/IdRegistry.sol, compiled by
 * scripts/compileIdRegistry.mjs into idRegistryArtifact.json: its `source` and `compiler` name the commit and
 * solc) on a dev chain (anvil): deployed by a throwaway owner, unpaused, and with that owner as its ID gateway
 * so that it can register fids directly (on OP Mainnet only Farcaster's IdGateway may; the lookup that login
 * does, `custodyOf(fid)`, is the same contract code either way).
 */
export interface DevIdRegistry {
  /** The registry's address on the dev chain. */
  address: Address;
  /** Registers a new fid owned by `custody` (its recovery address too); resolves with the fid. */
  register(custody: Address): Promise<number>;
  /** `custodyOf(fid)` as the registry answers it. */
  custodyOf(fid: number): Promise<Address>;
}

const ABI = artifact.abi as Abi;
const RECEIPT_TIMEOUT_MS = 30_000;

/** The chain's id once its node answers: the stack starts anvil beside the dev IdP, so it may still be booting. */
async function chainIdWhenUp(reader: ReturnType<typeof createPublicClient>, timeoutMs = 30_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await reader.getChainId();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Deploys the IdRegistry on the anvil chain at `rpcUrl` (funding its owner with anvil_setBalance). */
export async function deployIdRegistry(rpcUrl: string): Promise<DevIdRegistry> {
  const reader = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  const chain = defineChain({
    id: await chainIdWhenUp(reader),
    name: 'dev',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // A fresh owner per deployment: its nonces are its own, whatever else sends on the chain.
  const owner = privateKeyToAccount(generatePrivateKey());
  await reader.request({
    method: 'anvil_setBalance' as never,
    params: [owner.address, `0x${parseEther('10').toString(16)}`] as never,
  });
  // Signed locally, sent raw: no unlocked account, and scripts/chainSendQueue.mjs lets raw sends by.
  const wallet = createWalletClient({ account: owner, chain, transport: http(rpcUrl) });
  const mined = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`IdRegistry transaction ${hash} reverted on the dev chain.`);
    return receipt;
  };
  const deployed = await mined(
    await wallet.deployContract({ abi: ABI, bytecode: artifact.bytecode as Hex, args: [owner.address, owner.address] }),
  );
  const address = deployed.contractAddress as Address;
  const write = (functionName: string, args: readonly unknown[]) =>
    wallet.writeContract({ address, abi: ABI, functionName, args });
  // The registry starts paused (Migration); its owner unpauses it and names itself the ID gateway.
  await mined(await write('unpause', []));
  await mined(await write('setIdGateway', [owner.address]));
  let queue: Promise<unknown> = Promise.resolve();
  const register = async (custody: Address): Promise<number> => {
    const receipt = await mined(await write('register', [custody, custody]));
    const [event] = parseEventLogs({ abi: ABI, logs: receipt.logs, eventName: 'Register' }) as unknown as Array<{
      args: { id: bigint };
    }>;
    if (!event) throw new Error('The IdRegistry registered no fid.');
    return Number(event.args.id);
  };
  return {
    address,
    // One registration at a time: each waits for its receipt before the next reads the owner's nonce.
    register: (custody) => {
      const next = queue.then(() => register(custody));
      queue = next.catch(() => undefined);
      return next;
    },
    custodyOf: async (fid) =>
      (await reader.readContract({ address, abi: ABI, functionName: 'custodyOf', args: [BigInt(fid)] })) as Address,
  };
}

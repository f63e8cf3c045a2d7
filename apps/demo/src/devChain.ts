/** The local dev chain `npm start` runs (anvil): its id, and what the demo's 'Get test ETH' sends. */
export const DEV_CHAIN_ID = 31337;
/** What one 'Get test ETH' sends: 1 ETH, in wei. */
export const TEST_ETH_WEI = 10n ** 18n;

/**
 * The dev chain's JSON-RPC URL, only on Vite's dev server (`npm start`, the e2e stack) and only when the
 * stack named one (VITE_LATCH_DEV_RPC_URL); null otherwise, so a built demo has no funding at all.
 */
export function devChainRpcUrl(env: { DEV?: boolean; VITE_LATCH_DEV_RPC_URL?: string }): string | null {
  return env.DEV === true && env.VITE_LATCH_DEV_RPC_URL ? env.VITE_LATCH_DEV_RPC_URL : null;
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * Sends TEST_ETH_WEI to `address` from the dev node's first account (anvil unlocks its prefunded accounts,
 * so eth_sendTransaction needs no key here) and returns the address's new balance in wei. Refuses any
 * node that is not the dev chain: this must never move funds anywhere real.
 */
export async function fundFromDevChain(rpcUrl: string, address: string): Promise<bigint> {
  const chainId = Number(await rpc<string>(rpcUrl, 'eth_chainId'));
  if (chainId !== DEV_CHAIN_ID) throw new Error(`Not the dev chain (chain ${chainId}): no test ETH here.`);
  const [from] = await rpc<string[]>(rpcUrl, 'eth_accounts');
  if (!from) throw new Error('The dev chain has no unlocked account.');
  const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [
    { from, to: address, value: `0x${TEST_ETH_WEI.toString(16)}` },
  ]);
  // Anvil mines each transaction as it arrives; the receipt says whether the transfer went through.
  const receipt = await rpc<{ status: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
  if (receipt?.status !== '0x1') throw new Error(`The funding transaction ${hash} did not succeed.`);
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));
}

/** A wei amount as ETH with up to 6 decimals (SPEC §9's display precision), e.g. 1.5 ETH. */
export function formatEth(wei: bigint): string {
  const whole = wei / TEST_ETH_WEI;
  const fraction = (wei % TEST_ETH_WEI).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`;
}

/** What the price route needs to know of a chain: its native token's symbol and whether it is a test chain. */
interface NativeToken {
  symbol: string;
  testnet: boolean;
}

let chains: Promise<Map<number, NativeToken>> | undefined;

/**
 * Every chain viem defines, by id, loaded on the first price request: importing viem/chains costs the
 * server's start most of a second, and a server without fiat prices never needs it.
 */
function loadChains(): Promise<Map<number, NativeToken>> {
  chains ??= import('viem/chains').then((module) => {
    const byId = new Map<number, NativeToken>();
    for (const chain of Object.values(module)) {
      // Several definitions may share an id (anvil, foundry, hardhat): the first wins, they agree on the token.
      if (!chain || typeof chain !== 'object' || !('id' in chain) || byId.has(chain.id)) continue;
      byId.set(chain.id, {
        symbol: chain.nativeCurrency.symbol.toUpperCase(),
        testnet: chain.testnet === true,
      });
    }
    return byId;
  });
  return chains;
}

/** The native token of chain `chainId` as viem defines it, or undefined for a chain viem does not know. */
export async function nativeTokenOf(chainId: number): Promise<NativeToken | undefined> {
  return (await loadChains()).get(chainId);
}

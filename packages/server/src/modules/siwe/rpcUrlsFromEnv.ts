/** The outcome of reading LATCH_RPC_URLS: the usable entries and the ones that were not. */
interface RpcUrlsFromEnv {
  rpcUrls: Map<number, string>;
  invalid: string[];
}

/**
 * Reads `LATCH_RPC_URLS`, a comma-separated list of `chainId=url` (e.g. `1=https://rpc.example,8453=http://127.0.0.1:8545`).
 * Smart-contract wallets (EIP-1271) of a chain verify through its URL; chains without one verify EOA signatures only.
 */
export function rpcUrlsFromEnv(env: { LATCH_RPC_URLS?: string | undefined }): RpcUrlsFromEnv {
  const rpcUrls = new Map<number, string>();
  const invalid: string[] = [];
  for (const entry of (env.LATCH_RPC_URLS ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    const match = text.match(/^(?:eip155:)?([1-9]\d{0,15})=(.+)$/);
    const url = match?.[2]?.trim();
    if (!match || !url || !isHttpUrl(url)) {
      // Only the chain part is echoed: a URL may carry an API key.
      invalid.push(text.split('=')[0] ?? '');
      continue;
    }
    rpcUrls.set(Number(match[1]), url);
  }
  return { rpcUrls, invalid };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

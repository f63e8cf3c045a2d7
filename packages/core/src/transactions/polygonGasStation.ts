import { parseGwei } from 'viem';

/** The Polygon gas station of each Polygon chain (SPEC §7: safeLow, standard and fast tiers in gwei). */
export const POLYGON_GAS_STATIONS: Readonly<Record<number, string>> = {
  137: 'https://gasstation.polygon.technology/v2',
  80002: 'https://gasstation.polygon.technology/amoy',
};

// A gas station that does not answer must not hold the send screen: after this the node's fees are used.
const GAS_STATION_TIMEOUT_MS = 5000;

const isGwei = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The gas station's `standard` tier as wei, or undefined when the station fails or answers something
 * else (the caller then falls back to the node's fee data).
 */
export async function polygonGasStation(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined> {
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(GAS_STATION_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { standard?: { maxFee?: unknown; maxPriorityFee?: unknown } } | null;
    const tier = body?.standard;
    if (!tier || !isGwei(tier.maxFee) || !isGwei(tier.maxPriorityFee)) return undefined;
    // gwei have 9 decimals; the station sends floats with more.
    const maxFeePerGas = parseGwei(tier.maxFee.toFixed(9));
    const maxPriorityFeePerGas = parseGwei(tier.maxPriorityFee.toFixed(9));
    return {
      maxFeePerGas: maxFeePerGas < maxPriorityFeePerGas ? maxPriorityFeePerGas : maxFeePerGas,
      maxPriorityFeePerGas,
    };
  } catch {
    return undefined;
  }
}

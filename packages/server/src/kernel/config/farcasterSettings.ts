import { isLoopbackHostname } from '../http/loopback.js';
import { ConfigError } from './configError.js';

/** Farcaster's ID registry on OP Mainnet (docs.farcaster.xyz "Contracts"): the fid → custody address map. */
export const DEFAULT_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
/** A public OP Mainnet node; production sets its own provider's URL (rate limits). */
export const DEFAULT_OPTIMISM_RPC_URL = 'https://mainnet.optimism.io';
/** Farcaster's HTTP API, where signed key requests are created and polled. */
export const DEFAULT_FARCASTER_API_URL = 'https://api.farcaster.xyz';

/** The Farcaster settings (docs/farcaster.md). */
export interface FarcasterSettings {
  /** `LATCH_FARCASTER_RPC_URL`: the OP Mainnet node the ID registry is read through. */
  rpcUrl: string;
  /** `LATCH_FARCASTER_ID_REGISTRY`: the ID registry's address (another one on a dev chain). */
  idRegistry: `0x${string}`;
  /**
   * `LATCH_FARCASTER_RELAY_KEY`: when set, Latch's own relay takes a Farcaster app's signed message only with
   * this key in `x-farcaster-auth-relay-key` (as Farcaster's relay takes it only from its own app).
   */
  relayKey?: string;
  /** `LATCH_FARCASTER_API_URL`: where signed key requests are created and polled (the dev stand-in sets its own). */
  apiUrl: string;
}

/** An http(s) URL (http only on a loopback host), trailing slashes dropped; the value is never echoed (API keys). */
function serviceUrl(name: string, raw: string | undefined, fallback: string): string {
  const text = raw?.trim();
  if (!text) return fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be an absolute https URL (http only on a loopback host).`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname));
  if (!secure || url.hash)
    throw new ConfigError(`${name} must be an absolute https URL (http only on a loopback host).`);
  return text.replace(/\/+$/, '');
}

/** Reads the Farcaster settings from the environment. */
export function parseFarcasterSettings(env: NodeJS.ProcessEnv): FarcasterSettings {
  const registry = env.LATCH_FARCASTER_ID_REGISTRY?.trim() || DEFAULT_ID_REGISTRY;
  if (!/^0x[0-9a-fA-F]{40}$/.test(registry)) {
    throw new ConfigError(`LATCH_FARCASTER_ID_REGISTRY must be a 0x-prefixed 20-byte address, got "${registry}".`);
  }
  const relayKey = env.LATCH_FARCASTER_RELAY_KEY?.trim() || undefined;
  if (relayKey !== undefined && relayKey.length < 16) {
    throw new ConfigError('LATCH_FARCASTER_RELAY_KEY must be at least 16 characters.');
  }
  return {
    rpcUrl: serviceUrl('LATCH_FARCASTER_RPC_URL', env.LATCH_FARCASTER_RPC_URL, DEFAULT_OPTIMISM_RPC_URL),
    idRegistry: registry as `0x${string}`,
    relayKey,
    apiUrl: serviceUrl('LATCH_FARCASTER_API_URL', env.LATCH_FARCASTER_API_URL, DEFAULT_FARCASTER_API_URL),
  };
}

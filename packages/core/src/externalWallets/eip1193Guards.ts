// Apart from eip1193.ts, whose error class the page's initial JavaScript carries: these load with the wallet code.
import type { Eip1193Provider, ProviderRpcError } from './eip1193.js';

/** True for an object carrying a numeric EIP-1193/1474 `code`. */
export function isProviderRpcError(error: unknown): error is ProviderRpcError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** True when `value` has a callable `request`, as every EIP-1193 provider does. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

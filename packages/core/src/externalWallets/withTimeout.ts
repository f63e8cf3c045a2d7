import type { Clock } from '../clock.js';

/** Thrown when a wallet does not answer in time; `kind` says which limit (SPEC §9) ran out. */
export class WalletTimeoutError extends Error {
  override name = 'WalletTimeoutError';
  constructor(
    readonly kind: 'request' | 'connectorInitialization' | 'detection',
    readonly ms: number,
  ) {
    super(`The wallet did not answer within ${ms} ms.`);
  }
}

/** Settles like `promise`, or rejects with a WalletTimeoutError after `ms` on `clock`. */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  clock: Clock,
  kind: WalletTimeoutError['kind'],
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new WalletTimeoutError(kind, ms)), ms);
    promise.then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

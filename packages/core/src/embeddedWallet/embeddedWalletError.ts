import { LatchError, type WalletProxyErrorType } from '@latch/protocol';

/** An error reply of the wallet frame, as a LatchError that keeps the frame's error type. */
export class EmbeddedWalletError extends LatchError {
  override name = 'EmbeddedWalletError';
  /** The SPEC §8 wallet proxy error type the frame answered with (or 'timeout'). */
  readonly proxyType: WalletProxyErrorType | 'timeout';
  /** True when the frame reported a rate limit ('code 429', SPEC §8). */
  readonly rateLimited: boolean;

  constructor(
    code: ConstructorParameters<typeof LatchError>[0],
    message: string | undefined,
    proxyType: WalletProxyErrorType | 'timeout',
    rateLimited = false,
  ) {
    super(code, message);
    this.proxyType = proxyType;
    this.rateLimited = rateLimited;
  }
}

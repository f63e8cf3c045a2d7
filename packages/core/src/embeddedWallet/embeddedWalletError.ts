import {
  isErrorCode,
  isWrongRecoveryPassword,
  LatchError,
  WALLET_ERROR_TEXT,
  type WalletProxyErrorType,
} from '@latch/protocol';

/** SPEC §8: the create call ran past its 10 s timeout. */
export const CREATE_TIMED_OUT_TEXT = 'walletProxy.create timed out.';

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

/**
 * Maps a frame error reply to the error the SDK throws, with SPEC §8's texts as messages: the
 * catalogue's for a wrong password on a recover call (`recovering`: invalid_recovery_pin), protocol's
 * generic wallet text otherwise. It takes no event name: those stay in `@latch/protocol/frame`, out of
 * the page's initial JavaScript (this file is in it through core's index).
 */
export function toEmbeddedWalletError(
  error: { type: WalletProxyErrorType; message: string },
  recovering = false,
): EmbeddedWalletError {
  const rateLimited = error.message.includes('code 429');
  if (recovering && isWrongRecoveryPassword(error.type)) {
    return new EmbeddedWalletError('invalid_recovery_pin', undefined, error.type);
  }
  const code = isErrorCode(error.type) ? error.type : 'internal_error';
  return new EmbeddedWalletError(code, WALLET_ERROR_TEXT.generic, error.type, rateLimited);
}

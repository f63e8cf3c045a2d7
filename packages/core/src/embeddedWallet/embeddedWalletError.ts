import {
  isErrorCode,
  isWrongRecoveryPassword,
  LatchError,
  WALLET_EVENT,
  type WalletEvent,
  type WalletProxyErrorType,
} from '@latch/protocol';

/** SPEC §8 "Wallet and recovery": the text of every wallet error but a wrong password. */
export const EMBEDDED_WALLET_ERROR_TEXT = 'An error has occurred, please try again.';
/** SPEC §8: a wrong recovery password. */
export const WRONG_RECOVERY_PASSWORD_TEXT = 'Invalid recovery password, please try again.';
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
    message: string,
    proxyType: WalletProxyErrorType | 'timeout',
    rateLimited = false,
  ) {
    super(code, message);
    this.proxyType = proxyType;
    this.rateLimited = rateLimited;
  }
}

/** Maps a frame error reply to the error the SDK throws, with SPEC §8's texts. */
export function toEmbeddedWalletError(
  event: WalletEvent,
  error: { type: WalletProxyErrorType; message: string },
): EmbeddedWalletError {
  const rateLimited = error.message.includes('code 429');
  if (event === WALLET_EVENT.walletRecover && isWrongRecoveryPassword(error.type)) {
    return new EmbeddedWalletError('invalid_recovery_pin', WRONG_RECOVERY_PASSWORD_TEXT, error.type);
  }
  const code = isErrorCode(error.type) ? error.type : 'internal_error';
  return new EmbeddedWalletError(code, EMBEDDED_WALLET_ERROR_TEXT, error.type, rateLimited);
}

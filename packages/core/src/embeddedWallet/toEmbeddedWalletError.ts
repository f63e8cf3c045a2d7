// Used only by the lazily loaded bridge and export page, so not exported from core's index: a value
// exported there would put this file and protocol's frame texts in the host page's initial JavaScript.
import { isErrorCode } from '@latch/protocol';
import { isWrongRecoveryPassword, WALLET_ERROR_TEXT, type WalletProxyErrorType } from '@latch/protocol/frame';
import { EmbeddedWalletError } from './embeddedWalletError.js';

/** SPEC §8: the create call ran past its 10 s timeout. */
export const CREATE_TIMED_OUT_TEXT = 'walletProxy.create timed out.';

/**
 * Maps a frame error reply to the error the SDK throws, with SPEC §8's texts as messages: the
 * catalogue's for a wrong password on a recover call (`recovering`: invalid_recovery_pin), protocol's
 * generic wallet text otherwise.
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

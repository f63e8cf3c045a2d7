/** Why a custody operation failed; every failure is closed (no key material is returned). */
export type CustodyErrorCode =
  | 'malformed_share'
  | 'not_enough_shares'
  | 'duplicate_share'
  | 'share_set_mismatch'
  | 'wallet_mismatch'
  | 'address_mismatch'
  | 'device_share_missing'
  | 'decryption_failed'
  | 'wrong_password'
  | 'invalid_password'
  | 'invalid_message'
  | 'invalid_typed_data'
  | 'invalid_transaction'
  | 'wrong_signer'
  | 'invalid_private_key';

/** A typed custody failure. Messages never contain key material. */
export class CustodyError extends Error {
  readonly code: CustodyErrorCode;

  constructor(code: CustodyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CustodyError';
    this.code = code;
  }
}

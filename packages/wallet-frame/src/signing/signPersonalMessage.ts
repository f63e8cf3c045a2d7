import { type Hex, isHex } from 'viem';
import { CustodyError } from '../keys/custodyError.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';

/** Refuses to sign for any address but the unlocked wallet's. */
export function assertSigner(wallet: DerivedWallet, address: string): void {
  if (address.toLowerCase() !== wallet.address.toLowerCase()) {
    throw new CustodyError('wrong_signer', 'The address is not this wallet');
  }
}

/**
 * personal_sign with params [message, address] (SPEC §7). The message must be a non-empty string
 * (SPEC §5, invalid_message); a 0x-prefixed hex string is signed as raw bytes, as wallets do.
 */
export async function signPersonalMessage(wallet: DerivedWallet, message: unknown, address: string): Promise<Hex> {
  if (typeof message !== 'string' || message.length === 0) {
    throw new CustodyError('invalid_message', 'The message to sign must be a non-empty string.');
  }
  assertSigner(wallet, address);
  if (isHex(message, { strict: true }) && message.length > 2 && message.length % 2 === 0) {
    return wallet.account.signMessage({ message: { raw: message } });
  }
  return wallet.account.signMessage({ message });
}

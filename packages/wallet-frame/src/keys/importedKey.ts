import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CustodyError } from './custodyError.js';
import type { DerivedWallet } from './deriveWallet.js';
import { type ShareSet, splitEntropy } from './splitEntropy.js';

/** Bytes of an EVM private key. */
export const PRIVATE_KEY_BYTES = 32;

const HEX_KEY = /^(?:0x)?([0-9a-fA-F]{64})$/;

/**
 * The 32 bytes of a typed EVM private key: 64 hex digits, with or without `0x`, surrounding spaces ignored,
 * and a valid secp256k1 scalar (1 ≤ k < n, checked by @noble/curves). Anything else throws `invalid_private_key`.
 */
export function parsePrivateKey(typed: string): Uint8Array {
  const match = HEX_KEY.exec(typed.trim());
  if (!match) throw new CustodyError('invalid_private_key', 'A private key is 64 hexadecimal characters.');
  const bytes = hexToBytes(`0x${match[1]}`);
  if (!secp256k1.utils.isValidSecretKey(bytes)) {
    bytes.fill(0);
    throw new CustodyError('invalid_private_key', 'This is not a valid private key.');
  }
  return bytes;
}

/** The wallet of a raw private key (an imported wallet): its account and address, by viem. */
export function walletFromPrivateKey(bytes: Uint8Array): DerivedWallet {
  if (bytes.length !== PRIVATE_KEY_BYTES || !secp256k1.utils.isValidSecretKey(bytes)) {
    throw new CustodyError('address_mismatch', 'The shares do not rebuild this wallet');
  }
  const privateKey = bytesToHex(bytes);
  const account = privateKeyToAccount(privateKey);
  return { address: account.address, account, privateKey };
}

/** An imported key's wallet and its 2-of-3 share set: the key itself is split, exactly as a created wallet's entropy. */
export async function importWalletKeys(
  key: Uint8Array,
  walletId: string = crypto.randomUUID(),
): Promise<{ wallet: DerivedWallet; shareSet: ShareSet }> {
  const wallet = walletFromPrivateKey(key);
  const shareSet = await splitEntropy(key, walletId, ['device', 'auth', 'recovery'], 'private-key');
  return { wallet, shareSet };
}

import { combine } from 'shamir-secret-sharing';
import { CustodyError } from './custodyError.js';
import { type DerivedWallet, deriveWallet, ENTROPY_BYTES } from './deriveWallet.js';
import type { TaggedShare } from './shareEnvelope.js';

/** What the combined key must match. */
export interface ExpectedWallet {
  walletId: string;
  /** The address stored when the wallet was created; the only proof the shares are genuine. */
  address: `0x${string}`;
}

/**
 * Rebuilds the wallet from shares of one set, then re-derives the address and compares it with the
 * stored one. Any mismatch throws; no key is returned unless the address matches.
 */
export async function combineShares(shares: readonly TaggedShare[], expected: ExpectedWallet): Promise<DerivedWallet> {
  const [first] = shares;
  if (!first || shares.length < first.threshold) {
    throw new CustodyError('not_enough_shares', 'Two shares are needed to unlock the wallet');
  }
  for (const s of shares) {
    if (s.walletId !== expected.walletId)
      throw new CustodyError('wallet_mismatch', 'A share belongs to another wallet');
    if (s.shareSetId !== first.shareSetId)
      throw new CustodyError('share_set_mismatch', 'Shares come from different sets');
  }
  if (new Set(shares.map((s) => s.kind)).size !== shares.length) {
    throw new CustodyError('duplicate_share', 'The same share was given twice');
  }
  let entropy: Uint8Array;
  try {
    entropy = await combine(shares.map((s) => s.share));
  } catch (cause) {
    throw new CustodyError('malformed_share', 'The shares could not be combined', { cause });
  }
  try {
    if (entropy.length !== ENTROPY_BYTES)
      throw new CustodyError('address_mismatch', 'The shares do not rebuild this wallet');
    const wallet = await deriveWallet(entropy);
    if (wallet.address.toLowerCase() !== expected.address.toLowerCase()) {
      throw new CustodyError('address_mismatch', 'The shares do not rebuild this wallet');
    }
    return wallet;
  } finally {
    entropy.fill(0);
  }
}

/** Rebuilds only the entropy (for re-splitting into a new set), with the same address check. */
export async function combineEntropy(shares: readonly TaggedShare[], expected: ExpectedWallet): Promise<Uint8Array> {
  await combineShares(shares, expected);
  return combine(shares.map((s) => s.share));
}

import { combine } from 'shamir-secret-sharing';
import { CustodyError } from './custodyError.js';
import { type DerivedWallet, deriveWallet, ENTROPY_BYTES } from './deriveWallet.js';
import { walletFromPrivateKey } from './importedKey.js';
import type { SecretKind, TaggedShare } from './shareEnvelope.js';

/** What the combined key must match. */
export interface ExpectedWallet {
  walletId: string;
  /** The address stored when the wallet was created; the only proof the shares are genuine. */
  address: `0x${string}`;
}

/** What a wallet's shares rebuild, for re-splitting it into a new set of the same kind. The caller zeroes `bytes`. */
export interface WalletSecret {
  bytes: Uint8Array;
  kind: SecretKind;
}

/** The wallet of a secret: BIP-39/BIP-32 from entropy, or the imported key itself. */
export async function unlockSecret(secret: WalletSecret): Promise<DerivedWallet> {
  if (secret.kind === 'private-key') return walletFromPrivateKey(secret.bytes);
  if (secret.bytes.length !== ENTROPY_BYTES)
    throw new CustodyError('address_mismatch', 'The shares do not rebuild this wallet');
  return deriveWallet(secret.bytes);
}

const kindOf = (share: TaggedShare): SecretKind => share.secret ?? 'entropy';

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
    if (s.shareSetId !== first.shareSetId || kindOf(s) !== kindOf(first))
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
    const wallet = await unlockSecret({ bytes: entropy, kind: kindOf(first) });
    if (wallet.address.toLowerCase() !== expected.address.toLowerCase()) {
      throw new CustodyError('address_mismatch', 'The shares do not rebuild this wallet');
    }
    return wallet;
  } finally {
    entropy.fill(0);
  }
}

/** Rebuilds only the secret (for re-splitting into a new set of its kind), with the same address check. */
export async function combineEntropy(shares: readonly TaggedShare[], expected: ExpectedWallet): Promise<WalletSecret> {
  await combineShares(shares, expected);
  return { bytes: await combine(shares.map((s) => s.share)), kind: kindOf(shares[0] as TaggedShare) };
}

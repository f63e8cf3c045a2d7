import { split } from 'shamir-secret-sharing';
import type { SecretKind, ShareKind, TaggedShare } from './shareEnvelope.js';

/** The shares a wallet's key is split into, 2 of them needed. */
export interface ShareSet {
  walletId: string;
  shareSetId: string;
  shares: TaggedShare[];
}

const THRESHOLD = 2;

/**
 * Splits wallet entropy 2-of-n into one share per kind, all tagged with the wallet id and a fresh
 * share-set id. A first device gets device/auth/recovery (2-of-3); a new device gets device/auth (2-of-2).
 * An imported wallet's private key is split the same way, its shares tagged `secret: 'private-key'`.
 */
export async function splitEntropy(
  entropy: Uint8Array,
  walletId: string,
  kinds: readonly ShareKind[] = ['device', 'auth', 'recovery'],
  secret: SecretKind = 'entropy',
): Promise<ShareSet> {
  const shareSetId = crypto.randomUUID();
  const raw = await split(entropy, kinds.length, THRESHOLD);
  const shares = kinds.map((kind, i) => ({
    kind,
    walletId,
    shareSetId,
    threshold: THRESHOLD,
    total: kinds.length,
    share: raw[i] as Uint8Array,
    ...(secret === 'private-key' ? { secret } : {}),
  }));
  return { walletId, shareSetId, shares };
}

/** A share set by kind, for callers that store each share in its own place. */
export function sharesByKind(set: ShareSet): Partial<Record<ShareKind, TaggedShare>> {
  return Object.fromEntries(set.shares.map((s) => [s.kind, s]));
}

import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openShare, sealShare } from './sealShare.js';

/** The recovery method name of provider-managed recovery (DESIGN §2). */
export const PROVIDER_RECOVERY_METHOD = 'latch';

/** A recovery share protected for provider-managed recovery. */
interface ProviderProtectedShare {
  /** AES-256-GCM ciphertext of the recovery share (iv ‖ ciphertext). */
  sealed: Uint8Array;
  /**
   * The random key that opens it. It is handed to the server, which wraps it under a separate server
   * key: the operator can therefore recover this wallet (operator-recoverable, see docs/custody.md).
   */
  recoveryKey: Uint8Array<ArrayBuffer>;
}

/** Seals the recovery share under a fresh random key for provider-managed recovery. */
export async function protectWithProvider(share: TaggedShare): Promise<ProviderProtectedShare> {
  const recoveryKey = crypto.getRandomValues(new Uint8Array(32));
  const sealed = await sealShare(share, recoveryKey, PROVIDER_RECOVERY_METHOD);
  return { sealed, recoveryKey };
}

/** Opens a provider-protected recovery share with the key the server released to the frame. */
export function openWithProvider(
  sealed: Uint8Array,
  recoveryKey: Uint8Array<ArrayBuffer>,
  expected: { walletId: string; shareSetId: string },
): Promise<TaggedShare> {
  return openShare(sealed, recoveryKey, { ...expected, method: PROVIDER_RECOVERY_METHOD });
}

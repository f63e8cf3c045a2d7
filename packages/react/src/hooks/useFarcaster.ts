import { farcasterOf, type LatchFarcaster } from '@latch/core/farcaster';
import { useMemo } from 'react';
import { useLatchContext } from '../LatchContext.js';

/**
 * The signed-in user's Farcaster (docs/farcaster.md "In a host app"): `link()` opens AWAITING_FARCASTER_CONNECTION,
 * `unlink(fid)`, `requestSigner()` opens AWAITING_FARCASTER_SIGNER, `signerPublicKey()` and `sign(bytes)` use the
 * signer held in the wallet frame. Everything it calls loads on first use.
 */
export function useFarcaster(): LatchFarcaster {
  const { latch } = useLatchContext();
  return useMemo(() => farcasterOf(latch), [latch]);
}

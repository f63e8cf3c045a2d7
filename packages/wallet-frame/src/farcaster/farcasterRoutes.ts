import { LatchError } from '@latch/protocol';
import type { FarcasterSignature, FarcasterSignerKey } from '@latch/protocol/farcaster';
import { WALLET_EVENT, type WalletEvent } from '@latch/protocol/frame';
import { FarcasterInitSignerData, FarcasterSignData } from '@latch/protocol/schemas';
import { hexToBytes } from '@noble/hashes/utils.js';
import { signContent } from '../approval/confirmationContent.js';
import { type EventRoute, route } from '../router.js';
import type { FrameApproval } from '../wallet/frameRoutes.js';
import type { FrameWallet } from '../wallet/frameWallet.js';
import { farcasterSignerKey, farcasterSignerKeyOf } from './farcasterSignerKey.js';

type Address = `0x${string}`;

/**
 * The frame's `latch:farcaster:*` routes (SPEC §7): `init-signer` answers the public key of the signer key `index`
 * derived from the unlocked wallet (farcasterSignerKey.ts; nothing is signed, so no confirmation); `sign` signs
 * bytes with the wallet's key named by `publicKey` (`farcaster_signer_not_found` if none is) under the same rules as the wallet's own signatures (docs/custody.md): the user's click on the frame's
 * confirmation, unless the app's server config allows headless signing, and an MFA permit for `sign` when the
 * app protects signing with MFA.
 */
export function farcasterRoutes(
  wallet: FrameWallet,
  approval: FrameApproval,
): Partial<Record<WalletEvent, EventRoute>> {
  return {
    [WALLET_EVENT.farcasterInitSigner]: route(FarcasterInitSignerData, async (d): Promise<FarcasterSignerKey> => {
      const unlocked = await wallet.unlockedWallet(d.accessToken, d.address as Address);
      return { publicKey: farcasterSignerKey(unlocked, d.index).publicKey };
    }),
    [WALLET_EVENT.farcasterSign]: route(FarcasterSignData, async (d): Promise<FarcasterSignature> => {
      const { wallet: unlocked, permit } = await wallet.unlockedFor(d.accessToken, d.address as Address, 'sign');
      const key =
        d.publicKey === undefined ? farcasterSignerKey(unlocked) : farcasterSignerKeyOf(unlocked, d.publicKey);
      if (!key) throw new LatchError('farcaster_signer_not_found');
      const epoch = wallet.epoch;
      if (!approval.headless) await approval.gate.confirm(signContent('message', d.message));
      // A clear (logout, another user's token) while the user looked signs nothing.
      if (wallet.epoch !== epoch) throw new LatchError('missing_or_invalid_token');
      permit.spend();
      return { signature: key.sign(hexToBytes(d.message.slice(2))) };
    }),
  };
}

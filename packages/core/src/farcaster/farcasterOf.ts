import type { User } from '@latch/protocol';
import { flowContextOf } from '../auth/flowContext.js';
import type { ScreenId } from '../auth/screens.js';
import type { Latch } from '../latch.js';

/** The host's Farcaster calls for the signed-in user (SPEC §3, §7; docs/farcaster.md "In a host app"). */
export interface LatchFarcaster {
  /** Opens AWAITING_FARCASTER_CONNECTION to link a Farcaster account (one per user). Call it in the user's click. */
  link(): void;
  /** Removes the user's Farcaster account (SPEC §7 "Unlink": fid); resolves with the updated user. */
  unlink(fid: number): Promise<User>;
  /**
   * Opens AWAITING_FARCASTER_SIGNER: the frame's signer key is requested as the app's signer and the user approves
   * it in the Farcaster app; once approved, `user.farcaster.signerPublicKey` is the key.
   */
  requestSigner(): void;
  /**
   * The signer's ed25519 public key (`0x` + 64 hex digits), derived in the wallet frame from the embedded wallet:
   * the approved signer's (`user.farcaster.signerPublicKey`), else the frame's first key.
   */
  signerPublicKey(): Promise<string>;
  /**
   * Signs bytes (`0x` hex, or a Uint8Array: e.g. a Farcaster message's BLAKE3 hash) with the signer, after the
   * user's click on the frame's confirmation; resolves with the ed25519 signature (`0x` + 128 hex digits).
   */
  sign(message: string | Uint8Array): Promise<string>;
}

/**
 * The Farcaster calls of a Latch runtime (`@latch/core/farcaster`; React: `useFarcaster()`). Everything Farcaster
 * loads on first use: none of it is in the page's initial JavaScript.
 */
export function farcasterOf(latch: Latch): LatchFarcaster {
  const open = (screen: ScreenId, kind: 'connect' | 'signer') => {
    if (!latch.client.getState().user) {
      console.warn('Latch: Farcaster needs a logged-in user (must_be_authenticated).');
      return;
    }
    const context = flowContextOf(
      latch.client.getState().config,
      latch.auth.getState().context.canCreateEmbeddedWallet,
    );
    latch.auth.dispatch({ type: 'open', intent: 'link', screen, context });
    latch.auth.dispatch({ type: 'startFarcaster', kind });
  };
  const signer = () =>
    import('./farcasterFrameSigner.js').then((m) =>
      m.farcasterFrameSigner(latch.client, latch.embeddedWallet.frameCalls),
    );
  return {
    link: () => open('AWAITING_FARCASTER_CONNECTION', 'connect'),
    unlink: (fid) => latch.client.farcaster().then((farcaster) => farcaster.unlink(fid)),
    requestSigner: () => open('AWAITING_FARCASTER_SIGNER', 'signer'),
    signerPublicKey: () => {
      const approved = latch.client.getState().user?.farcaster?.signerPublicKey;
      return approved ? Promise.resolve(approved) : signer().then((s) => s.publicKey());
    },
    sign: (message) => signer().then((s) => s.sign(typeof message === 'string' ? message : toHex(message))),
  };
}

const toHex = (bytes: Uint8Array): string => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

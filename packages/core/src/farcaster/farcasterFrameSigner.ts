import { LatchError, type User } from '@latch/protocol';
import { embeddedWalletOf } from '../embeddedWallet/embeddedWalletController.js';
import type { FrameCalls } from '../embeddedWallet/embeddedWalletRuntimeTypes.js';

/** The user's Farcaster signer, held in the wallet frame (SPEC §7 `farcaster` init-signer and sign). */
export interface FarcasterFrameSigner {
  /**
   * The ed25519 public key of the frame's signer key `index` (default 0; below FARCASTER_SIGNER_KEYS), `0x` + 64
   * hex digits (the frame derives it from the unlocked wallet).
   */
  publicKey(index?: number): Promise<string>;
  /**
   * Signs bytes (`0x` hex, e.g. a Farcaster message's hash) with the user's approved signer
   * (`user.farcaster.signerPublicKey`; key 0 while none is approved): the sign request screen shows the frame's
   * confirmation and the user's click there signs (unless the app signs headless). `0x` + 128 hex digits.
   */
  sign(message: string): Promise<string>;
}

/** What the signer needs of the client. */
export interface SignerClient {
  getAccessToken(): Promise<string | null>;
  getState(): { user: User | null };
}

/** The signer over the embedded wallet's frame (EmbeddedWalletRuntime.frameCalls). */
export function farcasterFrameSigner(client: SignerClient, frame: FrameCalls): FarcasterFrameSigner {
  const target = async () => {
    const accessToken = await client.getAccessToken();
    if (!accessToken) throw new LatchError('must_be_authenticated');
    const wallet = embeddedWalletOf(client.getState().user);
    if (!wallet) throw new LatchError('embedded_wallet_not_found');
    const bridge = (await frame.bridge.load?.()) ?? frame.bridge;
    const signer = client.getState().user?.farcaster?.signerPublicKey ?? undefined;
    return { bridge, signer, data: { accessToken, address: wallet.address } };
  };
  return {
    async publicKey(index) {
      const { bridge, data } = await target();
      if (!bridge.farcasterInitSigner)
        throw new LatchError('internal_error', 'The wallet frame has no Farcaster signer.');
      return (await bridge.farcasterInitSigner(index ? { ...data, index } : data)).publicKey;
    },
    sign(message) {
      const hex = message.toLowerCase();
      return frame.requestSignature('message', hex, () =>
        frame.withMfa('sign', async () => {
          const { bridge, signer, data } = await target();
          if (!bridge.farcasterSign)
            throw new LatchError('internal_error', 'The wallet frame has no Farcaster signer.');
          const publicKey = signer ? { publicKey: signer } : {};
          return (await bridge.farcasterSign({ ...data, ...publicKey, message: hex })).signature;
        }),
      );
    },
  };
}

import { FARCASTER_SIGNER_KEYS, type WireFarcasterSigner } from '@latch/protocol/farcaster';

/**
 * The signer request AWAITING_FARCASTER_SIGNER opens (docs/farcaster.md "The signer key"): the user's approved
 * signer if the server still answers it approved, else the first of the frame's signer keys (index 0, 1, …) the
 * server does not answer `revoked` for: pending (a new request, or the one still open for that key) or approved.
 * So a request after a rejected one asks with a fresh key, never the rejected one. All revoked: the last answer.
 */
export async function openSignerRequest(
  keyAt: (index: number) => Promise<string>,
  signerStatus: (publicKey: string) => Promise<WireFarcasterSigner>,
  approved: string | null | undefined,
): Promise<WireFarcasterSigner> {
  if (approved) {
    const current = await signerStatus(approved);
    if (current.status === 'approved') return current;
  }
  let request: WireFarcasterSigner | undefined;
  for (let index = 0; index < FARCASTER_SIGNER_KEYS; index++) {
    request = await signerStatus(await keyAt(index));
    if (request.status !== 'revoked') return request;
  }
  return request as WireFarcasterSigner;
}

import type { WireFarcasterSigner } from '@latch/protocol/farcaster';
import { FARCASTER_SIGNER_KEYS } from '@latch/protocol/farcaster';
import { describe, expect, it } from 'vitest';
import { openSignerRequest } from './openSignerRequest.js';

// The client half of the fresh-key rule. The keys are the frame's by index (wallet-frame farcasterRoutes.test.ts
// derives them for real); the answers are the server's signer statuses (SPEC §3), as FarcasterSigners gives them:
// a key whose request was rejected stays `revoked` (farcasterStandIn.integration.test.ts proves that half).
const keyOf = (index: number) => `0x${index.toString(16).padStart(2, '0').repeat(32)}`;

function server(revoked: number[], approved?: string) {
  const asked: string[] = [];
  const status = async (publicKey: string): Promise<WireFarcasterSigner> => {
    asked.push(publicKey);
    if (publicKey === approved) return { public_key: publicKey, status: 'approved' };
    if (revoked.some((i) => keyOf(i) === publicKey)) return { public_key: publicKey, status: 'revoked' };
    return { public_key: publicKey, status: 'pending_approval', signer_approval_url: `farcaster://x?k=${publicKey}` };
  };
  return { asked, status };
}
const keyAt = async (index: number) => keyOf(index);

describe('openSignerRequest: a request after a rejected one asks with a fresh key', () => {
  it('asks with key 0 first', async () => {
    const { asked, status } = server([]);
    expect(await openSignerRequest(keyAt, status, null)).toMatchObject({
      public_key: keyOf(0),
      status: 'pending_approval',
      signer_approval_url: `farcaster://x?k=${keyOf(0)}`,
    });
    expect(asked).toEqual([keyOf(0)]);
  });

  it('after key 0 was rejected, requests key 1 and answers its approval URL (not Request rejected)', async () => {
    const { asked, status } = server([0]);
    const request = await openSignerRequest(keyAt, status, null);
    expect(request).toMatchObject({ public_key: keyOf(1), status: 'pending_approval' });
    expect(request.signer_approval_url).toBe(`farcaster://x?k=${keyOf(1)}`);
    expect(asked).toEqual([keyOf(0), keyOf(1)]);
  });

  it("answers the user's approved signer, whatever its index, without asking for another key", async () => {
    const { asked, status } = server([0], keyOf(1));
    expect(await openSignerRequest(keyAt, status, keyOf(1))).toEqual({ public_key: keyOf(1), status: 'approved' });
    expect(asked).toEqual([keyOf(1)]);
  });

  it('every key rejected: the last answer, revoked (the widget shows Request rejected)', async () => {
    const all = Array.from({ length: FARCASTER_SIGNER_KEYS }, (_, i) => i);
    const { asked, status } = server(all);
    expect(await openSignerRequest(keyAt, status, null)).toMatchObject({ status: 'revoked' });
    expect(asked).toHaveLength(FARCASTER_SIGNER_KEYS);
  });
});

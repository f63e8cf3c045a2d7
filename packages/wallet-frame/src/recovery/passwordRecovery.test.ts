import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { combineShares } from '../keys/combineShares.js';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { CustodyError } from '../keys/custodyError.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { ARGON2ID_PARAMS, type OprfEvaluate, openWithPassword, protectWithPassword } from './passwordRecovery.js';

// The server's OPRF step, played here by the library itself (the server module has its own tests;
// the frame may not import server code). Cheap Argon2id parameters keep most tests fast; one test
// runs the real 64 MiB / t=3 cost.
const FAST = { m: 256, t: 1, p: 1 };

function oprfServer() {
  const { secretKey } = ristretto255_oprf.oprf.generateKeyPair();
  const seen: Uint8Array[] = [];
  const evaluate: OprfEvaluate = async (blinded) => {
    seen.push(blinded);
    return ristretto255_oprf.oprf.blindEvaluate(secretKey, blinded);
  };
  return { evaluate, seen };
}

async function newWallet() {
  const { wallet, shareSet } = await createWalletKeys();
  const [device, auth, recovery] = shareSet.shares as [TaggedShare, TaggedShare, TaggedShare];
  return { wallet, device, auth, recovery, ids: { walletId: shareSet.walletId, shareSetId: shareSet.shareSetId } };
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}

describe('password recovery (OPRF + Argon2id)', () => {
  it('restores the wallet with the right password, and yields the same verifier', async () => {
    const { wallet, auth, recovery, ids } = await newWallet();
    const server = oprfServer();
    const stored = await protectWithPassword(recovery, 'Secret-123', server.evaluate, FAST);
    expect(contains(stored.sealed, recovery.share)).toBe(false);
    const opened = await openWithPassword(stored, 'Secret-123', server.evaluate, ids, FAST);
    expect(opened.verifier).toEqual(stored.verifier);
    const restored = await combineShares([opened.share, auth], { walletId: ids.walletId, address: wallet.address });
    expect(restored.address).toBe(wallet.address);
  });

  it("a wrong password fails with SPEC's text and no share", async () => {
    const { recovery, ids } = await newWallet();
    const server = oprfServer();
    const stored = await protectWithPassword(recovery, 'Secret-123', server.evaluate, FAST);
    const error = await openWithPassword(stored, 'Secret-124', server.evaluate, ids, FAST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect(error).toMatchObject({ code: 'wrong_password', message: 'Invalid recovery password, please try again.' });
  });

  it('needs the server: the right password with another OPRF key does not open the share', async () => {
    const { recovery, ids } = await newWallet();
    const stored = await protectWithPassword(recovery, 'Secret-123', oprfServer().evaluate, FAST);
    const otherServer = oprfServer();
    await expect(openWithPassword(stored, 'Secret-123', otherServer.evaluate, ids, FAST)).rejects.toMatchObject({
      code: 'wrong_password',
    });
  });

  it('the server sees only fresh blinded elements, one per attempt, never the password', async () => {
    const { recovery, ids } = await newWallet();
    const server = oprfServer();
    const stored = await protectWithPassword(recovery, 'Secret-123', server.evaluate, FAST);
    await openWithPassword(stored, 'Secret-123', server.evaluate, ids, FAST);
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen as [Uint8Array, Uint8Array];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
    expect(contains(first, new TextEncoder().encode('Secret-123'))).toBe(false);
  });

  it('refuses an invalid password with the SPEC message before any server call', async () => {
    const { recovery } = await newWallet();
    const server = oprfServer();
    await expect(protectWithPassword(recovery, 'my secret', server.evaluate, FAST)).rejects.toMatchObject({
      code: 'invalid_password',
      message: 'Invalid characters used ( SPACE )',
    });
    expect(server.seen).toHaveLength(0);
  });

  it('fails closed when the server answers with something that is not a group element', async () => {
    const { recovery, ids } = await newWallet();
    const server = oprfServer();
    const stored = await protectWithPassword(recovery, 'Secret-123', server.evaluate, FAST);
    const garbage: OprfEvaluate = async () => new Uint8Array(32).fill(0xff);
    await expect(openWithPassword(stored, 'Secret-123', garbage, ids, FAST)).rejects.toBeInstanceOf(CustodyError);
  });

  it('uses Argon2id at 64 MiB and t=3 by default, and round-trips at that cost', async () => {
    expect(ARGON2ID_PARAMS).toEqual({ m: 65536, t: 3, p: 1 });
    const { recovery, ids } = await newWallet();
    const server = oprfServer();
    const stored = await protectWithPassword(recovery, 'Secret-123', server.evaluate);
    expect((await openWithPassword(stored, 'Secret-123', server.evaluate, ids)).share).toEqual(recovery);
  }, 30_000);
});

import { verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { memoryFrame } from '../testing/memoryCustody.js';

// Unit level: an in-memory custody server and a token table stand in for the real ones
// (testing/memoryCustody.ts; the integration tests drive the real server and real tokens).
const setUp = memoryFrame;

describe('frame wallet: the unlocked key serves its owner only', () => {
  it('signs from the cache for a token already accepted, with no server call', async () => {
    const { server, wallet, address } = await setUp();
    const unlocked = await wallet.unlockedWallet('alice1', address);
    const signature = await unlocked.account.signMessage({ message: 'gm' });
    expect(await verifyMessage({ address, message: 'gm', signature })).toBe(true);
    expect(server.calls).toEqual([]);
  });

  it('refuses a token that fails verification, without touching the server', async () => {
    const { server, wallet, address } = await setUp();
    await expect(wallet.unlockedWallet('x', address)).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    expect(server.calls).toEqual([]);
  });

  it('checks a token of the same user not seen before with the server once (a revoked session is refused)', async () => {
    const { server, wallet, address } = await setUp();
    await wallet.unlockedWallet('alice2', address);
    await wallet.unlockedWallet('alice2', address);
    expect(server.calls).toEqual(['getWallet']);

    const fresh = await setUp();
    fresh.server.live.delete('alice2');
    await expect(fresh.wallet.unlockedWallet('alice2', fresh.address)).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
  });

  it("drops the cache and refuses on another user's token; the owner must unlock again", async () => {
    const { server, wallet, address } = await setUp();
    await expect(wallet.unlockedWallet('bob', address)).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    expect(server.calls).toEqual(['forget']);
    // The cache is gone: Alice's next signature needs the server again (connect).
    await wallet.unlockedWallet('alice1', address);
    expect(server.calls).toEqual(['forget', 'getWallet', 'getAuthShare']);
  });

  it('clear() forgets keys, accepted tokens and the nonce; a clear during a check leaves nothing signing', async () => {
    const { server, wallet, address } = await setUp();
    wallet.clear();
    expect(server.calls).toEqual(['forget']);
    server.live.delete('alice1');
    await expect(wallet.unlockedWallet('alice1', address)).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });

    // A clear() (logout) lands while the server checks a new token: the cached key must not sign.
    const again = await setUp();
    let release = () => {};
    again.server.gate.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = again.wallet.unlockedWallet('alice2', again.address);
    while (!again.server.calls.includes('getWallet')) await new Promise((r) => setImmediate(r));
    again.wallet.clear();
    release();
    await expect(pending).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });

  it('redeems a device grant once; a repeat is a no-op', async () => {
    const { server, wallet } = await setUp();
    const grant = 'g'.repeat(43);
    expect(await wallet.registerDevice({ accessToken: 'alice1', deviceGrant: grant })).toEqual({
      deviceId: 'thumbprint',
    });
    expect(await wallet.registerDevice({ accessToken: 'alice1', deviceGrant: grant })).toEqual({
      deviceId: 'thumbprint',
    });
    expect(server.calls).toEqual(['registerDevice']);
  });
});

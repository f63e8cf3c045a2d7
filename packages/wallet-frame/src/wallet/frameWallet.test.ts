import { LatchError } from '@latch/protocol';
import { IDBFactory } from 'fake-indexeddb';
import { verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi, ServerWallet } from './custodyApi.js';
import { FrameWallet } from './frameWallet.js';
import type { TokenOwner } from './tokenVerifier.js';

// Unit level: an in-memory custody server and a token table stand in for the real ones (the
// integration tests drive the real server and real tokens). Each call is logged to see what the
// frame asked the server for.
function memoryServer() {
  const calls: string[] = [];
  let wallet: ServerWallet | null = null;
  const authShares = new Map<string, Uint8Array>();
  const live = new Set<string>();
  const gate: { hold?: Promise<void> } = {};
  const ok = (name: string, token: string) => {
    calls.push(name);
    if (!live.has(token)) throw new LatchError('missing_or_invalid_token');
  };
  const api: CustodyApi = {
    async registerDevice(token) {
      ok('registerDevice', token);
      return { deviceId: 'thumbprint' };
    },
    async getWallet(token) {
      ok('getWallet', token);
      await gate.hold;
      return wallet;
    },
    async createWallet(token, input) {
      ok('createWallet', token);
      wallet = {
        walletId: input.walletId,
        address: input.address as `0x${string}`,
        recoveryMethod: 'latch',
        primaryShareSetId: input.shareSetId,
      };
      authShares.set(input.shareSetId, input.authShare);
    },
    async getAuthShare(token, id) {
      ok('getAuthShare', token);
      return authShares.get(id) as Uint8Array;
    },
    addDeviceShareSet: async () => {},
    revokeShareSet: async () => {},
    getRecovery: async () => Promise.reject(new Error('unused')),
    evaluateOprf: async () => Promise.reject(new Error('unused')),
    confirmPassword: async () => {},
    replaceRecovery: async () => {},
    exportInit: async () => ({ channel: 'email', destination: 'a•••@example.com' }),
    exportAuthenticate: async () => Promise.reject(new Error('unused')),
    forget: () => calls.push('forget'),
  };
  return { api, calls, live, gate };
}

const TOKENS: Record<string, TokenOwner> = {
  alice1: { sub: 'did:latch:alice', sid: 's1', exp: 2e9 },
  alice2: { sub: 'did:latch:alice', sid: 's2', exp: 2e9 },
  bob: { sub: 'did:latch:bob', sid: 's3', exp: 2e9 },
};
const verifyToken = async (token: string) => {
  const owner = TOKENS[token];
  if (!owner) throw new LatchError('missing_or_invalid_token');
  return owner;
};

async function setUp() {
  const server = memoryServer();
  for (const t of Object.keys(TOKENS)) server.live.add(t);
  const wallet = new FrameWallet({ api: server.api, store: await openDeviceShareStore(new IDBFactory()), verifyToken });
  const { address } = await wallet.create({ accessToken: 'alice1' });
  server.calls.length = 0;
  return { server, wallet, address };
}

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

import { WALLET_EVENT } from '@latch/protocol/frame';
import { IDBFactory } from 'fake-indexeddb';
import { parseEther, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import { frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';

type FrameData = { address?: `0x${string}`; result?: `0x${string}` };

const personalSign = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: { method: 'personal_sign', params: ['gm', address] },
});
const sendOneEth = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: {
    method: 'eth_signTransaction',
    params: [
      { from: address, to: address, value: `0x${parseEther('1').toString(16)}`, chainId: 1, nonce: 0, gas: 21000 },
    ],
  },
});

describe('frame wallet through its message router (real server, PGlite)', () => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer();
  });
  afterAll(async () => env?.close());

  /** A registered frame of `email` with a new wallet, unlocked. */
  async function unlockedFrame(email: string) {
    const login = await env.login(email);
    const device = await env.device();
    const host = frameHost<FrameData>(device.wallet);
    expect(
      (await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant })).data,
    ).toMatchObject({ deviceId: expect.any(String) });
    const created = await host(WALLET_EVENT.walletCreate, { accessToken: login.token });
    const address = created.data?.address as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    return { login, device, host, address };
  }

  it('registers, creates and signs through the router; a repeated grant is a no-op', async () => {
    const { login, host, address } = await unlockedFrame('router-frame@example.com');
    const signed = await host(WALLET_EVENT.walletRpc, personalSign(login.token, address));
    expect(await verifyMessage({ address, message: 'gm', signature: signed.data?.result as `0x${string}` })).toBe(true);
    const again = await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
    expect(again.error).toBeUndefined();
  });

  // Issue #17 reproduction 4: once unlocked, the frame signed for any token (and after Log out).
  it('reproduction 4: an unlocked frame signs for nobody else — other user, other app, revoked, "x", after clear', async () => {
    const email = 'repro4-frame@example.com';
    const { login, host, address } = await unlockedFrame(email);
    const refused = async (token: string, label: string) => {
      for (const data of [personalSign(token, address), sendOneEth(token, address)]) {
        const reply = await host(WALLET_EVENT.walletRpc, data);
        expect(reply.error, label).toBeDefined();
        expect(reply.data, label).toBeUndefined();
      }
    };
    const owner = async () => {
      const ok = await host(WALLET_EVENT.walletRpc, personalSign(login.token, address));
      expect(ok.data?.result).toMatch(/^0x/);
    };
    await owner();

    // Another user of the same app (a real token of theirs).
    await refused((await env.login('mallory-frame@example.com')).token, 'another user');
    await owner(); // the cache was dropped; the owner unlocks again through the server
    // The same person's token for another app (aud is not this app).
    await refused((await env.login(email, env.otherAppId)).token, 'another app');
    // A revoked session of the owner (a token the frame has not seen: checked with the server).
    const second = await env.login(email);
    await env.logout(second.token);
    await refused(second.token, 'revoked');
    // Not a token at all.
    await refused('x', 'x');
    await owner();

    // Log out: the client clears the frame and the session is revoked; the old token signs nothing.
    await env.logout(login.token);
    expect((await host(WALLET_EVENT.walletClear, {})).error).toBeUndefined();
    await refused(login.token, 'after logout and clear');
  });

  it('clear drops the unlocked key: with the server unreachable, the same live token no longer signs', async () => {
    const login = await env.login('clear-frame@example.com');
    let online = true;
    const switchable: typeof fetch = (input, init) =>
      online ? env.frameFetch(input, init) : Promise.reject(new TypeError('offline'));
    const device = await env.device(new IDBFactory(), { fetch: switchable });
    const host = frameHost<FrameData>(device.wallet);
    await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
    const address = (await host(WALLET_EVENT.walletCreate, { accessToken: login.token })).data?.address as string;
    online = false;
    // The key is cached and this token already accepted: signing needs no server.
    expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).data?.result).toMatch(/^0x/);
    expect((await host(WALLET_EVENT.walletClear, {})).error).toBeUndefined();
    // After clear the key is gone: unlocking again would need the server.
    expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toBeDefined();
    online = true;
    expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).data?.result).toMatch(/^0x/);
  });

  it('fails closed with no signature when the stored device share was tampered with', async () => {
    const { login, device, address } = await unlockedFrame('tamper-frame@example.com');
    const store = await openDeviceShareStore(device.idb);
    const stored = (await store.load(address))?.share;
    if (!stored) throw new Error('no device share');
    const flipped = Uint8Array.from(stored.share);
    flipped[0] = (flipped[0] as number) ^ 1;
    await store.save(address, { ...stored, share: flipped });
    const reloaded = frameHost<FrameData>((await env.device(device.idb)).wallet);
    expect(await reloaded(WALLET_EVENT.walletRpc, personalSign(login.token, address))).toMatchObject({
      error: { type: 'error', message: 'An error has occurred, please try again.' },
    });
  });

  it('password recovery on a new device: wrong password refused, right password restores', async () => {
    const email = 'password-frame@example.com';
    const { login, device, address } = await unlockedFrame(email);
    await device.wallet.setRecovery({
      accessToken: login.token,
      address,
      recoveryMethod: 'user-passcode',
      password: 'Secret-123',
    });
    const laptopLogin = await env.login(email);
    const releases: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/embedded_wallets/recovery')) releases.push('release');
      return env.frameFetch(input, init);
    };
    const laptop = await env.device(new IDBFactory(), { fetch: counting });
    await laptop.wallet.registerDevice({ accessToken: laptopLogin.token, deviceGrant: laptopLogin.grant });
    const wrong = await laptop.wallet
      .recover({ accessToken: laptopLogin.token, address, password: 'Secret-124' })
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'wrong_password', message: 'Invalid recovery password, please try again.' });
    expect(
      (await laptop.wallet.recover({ accessToken: laptopLogin.token, address, password: 'Secret-123' })).address,
    ).toBe(address);
    // The mistyped password did not spend a second recovery release (they are counted per day).
    expect(releases).toEqual(['release']);
  });
});

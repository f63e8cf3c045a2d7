import { wrongCode } from '@latch/server/testing';
import { IDBFactory } from 'fake-indexeddb';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeyLoader } from '../device/deviceKey.js';
import { signPersonalMessage } from '../signing/signPersonalMessage.js';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import { type FrameTestServer, frameTestServer, PUBLIC_URL } from '../testing/frameTestServer.js';
import type { WalletSigner } from './custodyApi.js';
import { createHttpCustodyApi } from './httpCustodyApi.js';

describe('frame wallet over the custody HTTP API (real server, PGlite, device proofs)', () => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer();
  });
  afterAll(async () => env?.close());

  it('create → sign → new device (fresh login) → password → export with the emailed code; no key material stored', async () => {
    const email = 'alice-frame@example.com';
    const phoneLogin = await env.login(email);
    const phone = await env.device();
    const { deviceId } = await phone.wallet.registerDevice({
      accessToken: phoneLogin.token,
      deviceGrant: phoneLogin.grant,
    });
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = phoneLogin.token;
    const { address } = await phone.wallet.create({ accessToken: token });

    const unlocked = await phone.wallet.unlockedWallet(token, address);
    const signature = await signPersonalMessage(unlocked, 'hello', address);
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true);
    const deviceShare = (await (await openDeviceShareStore(phone.idb)).load(address))?.share.share as Uint8Array;

    // A reload of the same profile keeps its device key and share.
    expect((await (await env.device(phone.idb)).wallet.connect({ accessToken: token, address })).address).toBe(address);

    // A new profile with the same (stolen) token: its key is not registered, nothing is released.
    const laptop = await env.device();
    await expect(laptop.wallet.recover({ accessToken: token, address })).rejects.toMatchObject({
      code: 'device_not_registered',
    });
    // The fresh login on the laptop registers its key; provider recovery is then seamless.
    const laptopLogin = await env.login(email);
    await laptop.wallet.registerDevice({ accessToken: laptopLogin.token, deviceGrant: laptopLogin.grant });
    expect((await laptop.wallet.recover({ accessToken: laptopLogin.token, address })).address).toBe(address);
    expect((await env.latestMessage(email)).text).toMatch(/A new device can now use your/);
    expect(
      (await (await env.device(laptop.idb)).wallet.connect({ accessToken: laptopLogin.token, address })).address,
    ).toBe(address);

    // Revoking a device's set needs the wallet key's signature (over this request's nonce) too.
    const spareLogin = await env.login(email);
    const spare = await env.device();
    await spare.wallet.registerDevice({ accessToken: spareLogin.token, deviceGrant: spareLogin.grant });
    await spare.wallet.recover({ accessToken: spareLogin.token, address });
    const spareSet = (await (await openDeviceShareStore(spare.idb)).load(address))?.share;
    if (!spareSet) throw new Error('the spare device has no share');
    const phoneApi = createHttpCustodyApi({
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      deviceKey: deviceKeyLoader(phone.idb),
      fetch: env.frameFetch,
    });
    const revoke = (signer: WalletSigner) =>
      phoneApi.revokeShareSet(token, { walletId: spareSet.walletId, shareSetId: spareSet.shareSetId, signer });
    const stranger = privateKeyToAccount(generatePrivateKey());
    await expect(revoke((message) => stranger.signMessage({ message }))).rejects.toMatchObject({
      code: 'invalid_wallet_signature',
    });
    await revoke((message) => unlocked.account.signMessage({ message }));
    // Revoking a device's set also ends that device's registration (server policy).
    await expect(
      (await env.device(spare.idb)).wallet.connect({ accessToken: spareLogin.token, address }),
    ).rejects.toMatchObject({ code: 'device_not_registered' });

    await phone.wallet.setRecovery({
      accessToken: token,
      address,
      recoveryMethod: 'user-passcode',
      password: 'Secret-123',
    });
    // The re-split revoked every older set, the laptop's included.
    await expect(
      (await env.device(laptop.idb)).wallet.connect({ accessToken: laptopLogin.token, address }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const tabletLogin = await env.login(email);
    const tablet = await env.device();
    await tablet.wallet.registerDevice({ accessToken: tabletLogin.token, deviceGrant: tabletLogin.grant });
    await expect(
      tablet.wallet.recover({ accessToken: tabletLogin.token, address, password: 'Wrong-123' }),
    ).rejects.toMatchObject({ code: 'wrong_password' });
    expect(
      (await tablet.wallet.recover({ accessToken: tabletLogin.token, address, password: 'Secret-123' })).address,
    ).toBe(address);

    // Export on the phone: a code to the verified email, typed into the export page; a wrong one is refused.
    const exporting = await (await env.device(phone.idb)).wallet.startExport(token, address);
    expect(exporting.destination).toMatch(/^.•••@/);
    expect(exporting.destination).not.toBe(email);
    const code = (await env.latestMessage(email)).code;
    expect(code).toMatch(/^\d{6}$/);
    await expect(exporting.verify(wrongCode(code))).rejects.toMatchObject({ code: 'step_up_required' });
    const exported = await exporting.verify(code);
    expect(exported.address).toBe(address);
    expect(exported.privateKey).toBe(unlocked.privateKey);
    expect((await env.latestMessage(email)).text).toMatch(/wallet key was exported/i);

    const text = await env.databaseText();
    for (const secret of [Buffer.from(unlocked.privateKey.slice(2), 'hex'), Buffer.from(deviceShare)]) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const)
        expect(text).not.toContain(secret.toString(encoding));
    }
    expect(text.toLowerCase()).toContain(address.toLowerCase());
  });

  it('another user’s token reaches no wallet, and a device grant works once, for its own session only', async () => {
    const alice = await env.login('alice2-frame@example.com');
    const bob = await env.login('bob-frame@example.com');
    const phone = await env.device();
    await phone.wallet.registerDevice({ accessToken: alice.token, deviceGrant: alice.grant });
    const { address } = await phone.wallet.create({ accessToken: alice.token });

    // Bob's grant redeemed with Alice's token (another user and session) is refused.
    const other = await env.device(new IDBFactory());
    await expect(
      other.wallet.registerDevice({ accessToken: alice.token, deviceGrant: bob.grant }),
    ).rejects.toMatchObject({ code: 'invalid_device_grant' });
    // Bob's own device (his fresh login's grant, redeemed with that login's token) has no share of Alice's wallet.
    const bobAgain = await env.login('bob-frame@example.com');
    await other.wallet.registerDevice({ accessToken: bobAgain.token, deviceGrant: bobAgain.grant });
    await expect(other.wallet.connect({ accessToken: bobAgain.token, address })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
    // A grant is for its own session: a third login's grant with the second login's token is refused.
    const bobThird = await env.login('bob-frame@example.com');
    await expect(
      (await env.device()).wallet.registerDevice({ accessToken: bobAgain.token, deviceGrant: bobThird.grant }),
    ).rejects.toMatchObject({ code: 'invalid_device_grant' });
  });
  it('keeps the response nonce for the next call, and retries once with a fresh nonce when the kept one is refused', async () => {
    const login = await env.login('nonce-frame@example.com');
    const idb = new IDBFactory();
    const paths: string[] = [];
    let spoil = false;
    let nonceEndpoint = (response: Response) => response;
    // A fetch that records paths and can swap the server's next nonce for a spent-looking one.
    const watched: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      paths.push(path);
      let response = await env.frameFetch(input, init);
      if (path.endsWith('/nonce')) response = nonceEndpoint(response);
      if (spoil && response.headers.has('latch-device-nonce')) {
        const headers = new Headers(response.headers);
        headers.set('latch-device-nonce', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        response = new Response(await response.text(), { status: response.status, headers });
      }
      return response;
    };
    const api = createHttpCustodyApi({
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      deviceKey: deviceKeyLoader(idb),
      fetch: watched,
    });
    await api.registerDevice(login.token, login.grant);
    expect((await api.getWallet(login.token)).wallet).toBeNull();
    // One nonce fetch for the first call; the second used the nonce of the first response.
    expect(paths.filter((p) => p.endsWith('/nonce'))).toHaveLength(1);

    spoil = true;
    await api.getWallet(login.token); // leaves a spoiled nonce behind
    spoil = false;
    paths.length = 0;
    expect((await api.getWallet(login.token)).wallet).toBeNull();
    expect(paths.map((p) => p.split('/').pop())).toEqual(['embedded_wallets', 'nonce', 'embedded_wallets']);

    // A nonce endpoint that only hands out bad nonces: one retry, then the error, no loop.
    api.forget();
    nonceEndpoint = () => Response.json({ nonce: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    paths.length = 0;
    await expect(api.getWallet(login.token)).rejects.toMatchObject({ code: 'invalid_device_proof' });
    expect(paths.filter((p) => p.endsWith('/nonce'))).toHaveLength(2);
    expect(paths).toHaveLength(4);
  });
});

describe('the GET wallet check must carry the MFA state (real server, PGlite)', () => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer();
  });
  afterAll(async () => env?.close());

  it('reads { wallet, mfa }; an answer without mfa fails closed instead of reading as "no MFA"', async () => {
    const login = await env.login('mfa-state-http@example.com');
    let strip = false;
    const stripping: typeof fetch = async (input, init) => {
      const response = await env.frameFetch(input, init);
      if (!strip || !new URL(String(input)).pathname.endsWith('/embedded_wallets')) return response;
      const { mfa: _dropped, ...rest } = (await response.json()) as Record<string, unknown>;
      return Response.json(rest, { status: response.status, headers: response.headers });
    };
    const api = createHttpCustodyApi({
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      deviceKey: deviceKeyLoader(new IDBFactory()),
      fetch: stripping,
    });
    await api.registerDevice(login.token, login.grant);
    expect(await api.getWallet(login.token)).toEqual({ wallet: null, mfa: { mfaMethods: [], requiredActions: [] } });
    strip = true;
    await expect(api.getWallet(login.token)).rejects.toMatchObject({ code: 'internal_error' });
  });
});

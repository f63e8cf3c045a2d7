import { IDBFactory } from 'fake-indexeddb';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrivateKey } from '../keys/importedKey.js';
import { signPersonalMessage } from '../signing/signPersonalMessage.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';

describe('an imported key against the real server (PGlite, device proofs): custody like any wallet', () => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer();
  });
  afterAll(async () => env?.close());

  it('import → sign → new device recovers it → password re-split → export gives the same key; never stored', async () => {
    const email = 'import-frame@example.com';
    const key = generatePrivateKey();
    const login = await env.login(email);
    const phone = await env.device();
    await phone.wallet.registerDevice({ accessToken: login.token, deviceGrant: login.grant });
    const { address } = await phone.wallet.create({ accessToken: login.token }, parsePrivateKey(key));
    expect(address).toBe(privateKeyToAccount(key).address);
    expect((await env.latestMessage(email)).subject).toBe('A private key was imported as your wallet');

    const unlocked = await phone.wallet.unlockedWallet(login.token, address);
    const signature = await signPersonalMessage(unlocked, 'imported', address);
    expect(await verifyMessage({ address, message: 'imported', signature })).toBe(true);
    // A second import (or create) for the same user is refused by the server.
    await expect(
      (await env.device(phone.idb)).wallet.create({ accessToken: login.token }, parsePrivateKey(generatePrivateKey())),
    ).rejects.toMatchObject({ code: 'embedded_wallet_already_exists' });

    // A new device recovers the imported key (provider recovery), then a password re-split keeps it.
    const laptopLogin = await env.login(email);
    const laptop = await env.device(new IDBFactory());
    await laptop.wallet.registerDevice({ accessToken: laptopLogin.token, deviceGrant: laptopLogin.grant });
    expect((await laptop.wallet.recover({ accessToken: laptopLogin.token, address })).address).toBe(address);
    await laptop.wallet.setRecovery({
      accessToken: laptopLogin.token,
      address,
      recoveryMethod: 'user-passcode',
      password: 'Secret-123',
    });
    expect((await laptop.wallet.unlockedWallet(laptopLogin.token, address)).privateKey).toBe(key);

    // Export on the laptop gives back the very key that was typed.
    const exporting = await (await env.device(laptop.idb)).wallet.startExport(laptopLogin.token, address);
    const exported = await exporting.verify((await env.latestMessage(email)).code);
    expect(exported.privateKey).toBe(key);

    const text = await env.databaseText();
    for (const encoding of ['hex', 'base64', 'base64url'] as const) {
      expect(text).not.toContain(Buffer.from(key.slice(2), 'hex').toString(encoding));
    }
    expect(text).toMatch(/"imported": ?true/);
  });
});

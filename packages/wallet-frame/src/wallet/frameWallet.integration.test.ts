import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { LatchError, WALLET_EVENT } from '@latch/protocol';
import { IDBFactory } from 'fake-indexeddb';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
// The real server custody module (test-only cross-package import; the frame's code never imports it).
import { FakeClock } from '../../../server/src/clock.js';
import { PgShortLivedStore } from '../../../server/src/kv/PgShortLivedStore.js';
import { migrateToLatest } from '../../../server/src/store/migrate.js';
import type { Database } from '../../../server/src/store/schema.js';
import {
  createPasswordOprf,
  createWalletKeyring,
  WalletCustody,
  type WalletOwner,
} from '../../../server/src/wallets/index.js';
import { createFrameRouter } from '../router.js';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi } from './custodyApi.js';
import { frameRoutes } from './frameRoutes.js';
import { FrameWallet } from './frameWallet.js';

const APP = 'clapp00000000000000000001';
const USERS: Record<string, WalletOwner> = {
  'token-alice': { appId: APP, userId: 'user0000000000000000alice' },
  'token-bob': { appId: APP, userId: 'user00000000000000000bob0' },
};
// Cheap Argon2id here; the real cost is covered by the recovery unit tests.
const FAST = { m: 256, t: 1, p: 1 };

// The frame's API port bound straight to the server's custody service; the token stands for requireUser.
function directApi(custody: WalletCustody): CustodyApi {
  const owner = (token: string) => {
    const user = USERS[token];
    if (!user) throw new LatchError('missing_or_invalid_token');
    return user;
  };
  return {
    async getWallet(token) {
      const w = await custody.getWallet(owner(token));
      return w
        ? {
            walletId: w.id,
            address: w.address as `0x${string}`,
            recoveryMethod: w.recoveryMethod,
            primaryShareSetId: w.primaryShareSetId,
          }
        : null;
    },
    createWallet: async (token, input) => void (await custody.createWallet(owner(token), input)),
    getAuthShare: (token, setId) => custody.releaseAuthShare(owner(token), setId),
    addDeviceShareSet: (token, setId, share) => custody.addDeviceShareSet(owner(token), setId, share),
    getProviderRecovery: (token) => custody.releaseProviderRecovery(owner(token)),
    getPasswordRecovery: (token) => custody.passwordRecovery(owner(token)),
    evaluateOprf: (token, walletId, blinded) => custody.evaluatePasswordOprf(owner(token), walletId, blinded),
    confirmPassword: async (token, verifier) => void (await custody.confirmPassword(owner(token), verifier)),
    replaceRecovery: (token, setId, share, recovery) => custody.replaceRecovery(owner(token), setId, share, recovery),
  };
}

async function setUp() {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(new PGlite()) });
  await migrateToLatest(db); // includes 010_wallets
  const now = new Date();
  await sql`insert into apps (id, name, created_at, updated_at) values (${APP}, 'Test', ${now}, ${now})`.execute(db);
  for (const user of Object.values(USERS)) {
    await sql`insert into users (id, app_id, created_at) values (${user.userId}, ${APP}, ${now})`.execute(db);
  }
  const anyDb = db as unknown as Kysely<object>;
  const keyring = createWalletKeyring(randomBytes(32));
  const custody = new WalletCustody(
    anyDb,
    keyring,
    createPasswordOprf(keyring, new PgShortLivedStore(anyDb)),
    new FakeClock(),
  );
  const api = directApi(custody);
  // Each "browser" is its own IndexedDB; a FrameWallet is one frame page load.
  const device = async (idb = new IDBFactory()) => ({
    idb,
    wallet: new FrameWallet(api, await openDeviceShareStore(idb), FAST),
  });
  const dump = async () =>
    (
      await sql<{ r: string }>`select row_to_json(t)::text as r from embedded_wallets t
      union all select row_to_json(s)::text from wallet_share_sets s`.execute(db)
    ).rows
      .map((r) => r.r)
      .join('\n');
  return { db, device, dump, api };
}

const token = 'token-alice';

/** A router over `wallet` as the host page sees it: send a request, await the reply for its id. */
function hostOf(wallet: FrameWallet) {
  const posted: { id: string; data?: { result?: string }; error?: { type: string; message: string } }[] = [];
  const listeners: ((e: MessageEvent) => void)[] = [];
  const parent = { postMessage: (m: unknown) => posted.push(m as (typeof posted)[number]) };
  const self = {
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.push(l),
    removeEventListener: () => {},
  };
  createFrameRouter({ self, parent, parentOrigin: 'https://host.example', routes: frameRoutes(wallet) }).start();
  return async (id: string, event: string, data: unknown) => {
    for (const l of listeners)
      l({ data: { id, event, data }, origin: 'https://host.example', source: parent } as unknown as MessageEvent);
    for (let i = 0; i < 300 && !posted.some((p) => p.id === id); i++) await new Promise((r) => setTimeout(r, 10));
    return posted.find((p) => p.id === id);
  };
}

const sign = (address: string) => ({
  accessToken: token,
  address,
  request: { method: 'personal_sign', params: ['gm', address] },
});

describe('frame wallet against the server custody module (PGlite)', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  afterEach(async () => env?.db.destroy());

  it('creates, reconnects after a reload, and recovers the same address on a new device (provider-managed)', async () => {
    env = await setUp();
    const first = await env.device();
    const { address } = await first.wallet.create({ accessToken: token });
    await expect(first.wallet.create({ accessToken: token })).rejects.toMatchObject({
      code: 'embedded_wallet_already_exists',
    });

    const reloaded = await env.device(first.idb);
    expect((await reloaded.wallet.connect({ accessToken: token, address })).address).toBe(address);

    const laptop = await env.device();
    await expect(laptop.wallet.connect({ accessToken: token, address })).rejects.toMatchObject({
      code: 'device_share_missing',
    });
    expect((await laptop.wallet.recover({ accessToken: token, address })).address).toBe(address);
    // The new device now has its own set: a reload connects without recovery.
    expect((await (await env.device(laptop.idb)).wallet.connect({ accessToken: token, address })).address).toBe(
      address,
    );
    // Bob's token does not reach Alice's wallet.
    await expect(laptop.wallet.connect({ accessToken: 'token-bob', address })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
  });

  it('answers create and personal_sign through the message router; the signature verifies', async () => {
    env = await setUp();
    const { wallet } = await env.device();
    const posted: { id: string; data?: { address?: `0x${string}`; result?: `0x${string}` } }[] = [];
    const listeners: ((e: MessageEvent) => void)[] = [];
    const parent = { postMessage: (m: unknown) => posted.push(m as (typeof posted)[number]) };
    const self = {
      addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.push(l),
      removeEventListener: () => {},
    };
    createFrameRouter({ self, parent, parentOrigin: 'https://host.example', routes: frameRoutes(wallet) }).start();
    const send = (data: unknown) => {
      for (const l of listeners) l({ data, origin: 'https://host.example', source: parent } as unknown as MessageEvent);
    };
    const reply = async (id: string) => {
      for (let i = 0; i < 200 && !posted.some((p) => p.id === id); i++) await new Promise((r) => setTimeout(r, 10));
      return posted.find((p) => p.id === id);
    };
    send({ id: 'c1', event: WALLET_EVENT.walletCreate, data: { accessToken: token } });
    const address = (await reply('c1'))?.data?.address as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    send({
      id: 's1',
      event: WALLET_EVENT.walletRpc,
      data: { accessToken: token, address, request: { method: 'personal_sign', params: ['gm', address] } },
    });
    const signature = (await reply('s1'))?.data?.result as `0x${string}`;
    expect(await verifyMessage({ address, message: 'gm', signature })).toBe(true);
  });

  it('fails closed with no signature: a tampered device share, and an auth share of another set', async () => {
    env = await setUp();
    const first = await env.device();
    const { address } = await first.wallet.create({ accessToken: token });
    const generic = { type: 'error', message: 'An error has occurred, please try again.' };

    // One flipped bit in the stored device share (re-encrypted, so only the address check can catch it).
    const store = await openDeviceShareStore(first.idb);
    const stored = (await store.load(address))?.share;
    if (!stored) throw new Error('no device share');
    const flipped = Uint8Array.from(stored.share);
    flipped[0] = (flipped[0] as number) ^ 1;
    await store.save(address, { ...stored, share: flipped });
    const tampered = await hostOf((await env.device(first.idb)).wallet)('t1', WALLET_EVENT.walletRpc, sign(address));
    expect(tampered).toEqual({ id: 't1', event: WALLET_EVENT.walletRpc, error: generic });

    // A new device with its own set, whose server swaps in the primary set's auth share.
    const laptop = await env.device();
    await laptop.wallet.recover({ accessToken: token, address });
    const primary = (await env.api.getWallet(token))?.primaryShareSetId as string;
    const swapped: CustodyApi = { ...env.api, getAuthShare: (t) => env.api.getAuthShare(t, primary) };
    const reloaded = new FrameWallet(swapped, await openDeviceShareStore(laptop.idb), FAST);
    const mixed = await hostOf(reloaded)('m1', WALLET_EVENT.walletRpc, sign(address));
    expect(mixed).toEqual({ id: 'm1', event: WALLET_EVENT.walletRpc, error: generic });
    // The same device with an honest server signs: the failures above were the tampering alone.
    const honest = await hostOf((await env.device(laptop.idb)).wallet)('h1', WALLET_EVENT.walletRpc, sign(address));
    expect(await verifyMessage({ address, message: 'gm', signature: honest?.data?.result as `0x${string}` })).toBe(
      true,
    );
  });

  it('password recovery: wrong password refused, right password restores; the provider key is gone', async () => {
    env = await setUp();
    const phone = await env.device();
    const { address } = await phone.wallet.create({ accessToken: token });
    await phone.wallet.setRecoveryPassword({ accessToken: token, address, password: 'Secret-123' });
    expect(await env.dump()).not.toContain('"recovery_key_sealed":"v1');
    // The phone keeps working with its new device share.
    expect((await (await env.device(phone.idb)).wallet.connect({ accessToken: token, address })).address).toBe(address);

    const laptop = await env.device();
    const wrong = await laptop.wallet
      .recover({ accessToken: token, address, password: 'Secret-124' })
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'wrong_password', message: 'Invalid recovery password, please try again.' });
    expect((await laptop.wallet.recover({ accessToken: token, address, password: 'Secret-123' })).address).toBe(
      address,
    );
  });

  it('leaves no plaintext key material in the database', async () => {
    env = await setUp();
    const phone = await env.device();
    const { address } = await phone.wallet.create({ accessToken: token });
    const unlocked = await phone.wallet.unlockedWallet(token, address);
    const store = await openDeviceShareStore(phone.idb);
    const device = (await store.load(address))?.share.share as Uint8Array;
    const rows = await env.dump();
    for (const secret of [Buffer.from(unlocked.privateKey.slice(2), 'hex'), Buffer.from(device)]) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const)
        expect(rows).not.toContain(secret.toString(encoding));
    }
  });
});

import { IDBFactory } from 'fake-indexeddb';
import { sql } from 'kysely';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The real server over HTTP semantics (Hono app.request); test-only cross-package import.
import { createTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { signPersonalMessage } from '../signing/signPersonalMessage.js';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import { FrameWallet } from './frameWallet.js';
import { createHttpCustodyApi } from './httpCustodyApi.js';

const PUBLIC_URL = 'http://localhost:8787';
const FAST = { m: 256, t: 1, p: 1 };

describe('frame wallet over the custody HTTP API (real server, PGlite)', () => {
  let server: TestServer;
  let appId: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer({ inMemoryDb: true, publicUrl: PUBLIC_URL });
    ({ appId } = await server.createApp());
    for (const name of ['alice', 'bob']) {
      tokens[name] = (await server.signIn(appId, { type: 'email', address: `${name}-frame@example.com` }))
        .token as string;
    }
  });
  afterAll(async () => server?.close());

  // The browser adds the frame's Origin to its requests; app.request needs it spelled out.
  const frameFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = { ...(init?.headers as Record<string, string>), origin: PUBLIC_URL };
    return server.app.request(`${url.pathname}${url.search}`, { ...init, headers });
  };
  const api = () => createHttpCustodyApi({ apiUrl: PUBLIC_URL, appId, fetch: frameFetch });
  const device = async (idb = new IDBFactory()) => ({
    idb,
    wallet: new FrameWallet(api(), await openDeviceShareStore(idb), FAST),
  });

  async function databaseText(): Promise<string> {
    const tables = await server.db.introspection.getTables();
    const parts: string[] = [];
    for (const t of tables) {
      const { rows } = await sql<{ r: string }>`select row_to_json(x)::text as r from ${sql.table(t.name)} x`.execute(
        server.db,
      );
      parts.push(...rows.map((row) => row.r));
    }
    return parts.join('\n');
  }

  it('creates, signs, reloads, recovers on a new device, moves to a password, and keeps no key material in the database', async () => {
    const token = tokens.alice as string;
    const phone = await device();
    const { address } = await phone.wallet.create({ accessToken: token });

    const unlocked = await phone.wallet.unlockedWallet(token, address);
    const signature = await signPersonalMessage(unlocked, 'hello', address);
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true);
    const deviceShare = (await (await openDeviceShareStore(phone.idb)).load(address))?.share.share as Uint8Array;

    expect((await (await device(phone.idb)).wallet.connect({ accessToken: token, address })).address).toBe(address);
    await expect((await device()).wallet.connect({ accessToken: token, address })).rejects.toMatchObject({
      code: 'device_share_missing',
    });
    await expect(
      (await device(phone.idb)).wallet.connect({ accessToken: tokens.bob as string, address }),
    ).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });

    const laptop = await device();
    expect((await laptop.wallet.recover({ accessToken: token, address })).address).toBe(address);

    await phone.wallet.setRecoveryPassword({ accessToken: token, address, password: 'Secret-123' });
    // The re-split revoked every older set, the laptop's included.
    await expect((await device(laptop.idb)).wallet.connect({ accessToken: token, address })).rejects.toMatchObject({
      code: 'not_found',
    });
    const tablet = await device();
    await expect(tablet.wallet.recover({ accessToken: token, address, password: 'Wrong-123' })).rejects.toMatchObject({
      code: 'wrong_password',
    });
    expect((await tablet.wallet.recover({ accessToken: token, address, password: 'Secret-123' })).address).toBe(
      address,
    );

    const text = await databaseText();
    for (const secret of [Buffer.from(unlocked.privateKey.slice(2), 'hex'), Buffer.from(deviceShare)]) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const)
        expect(text).not.toContain(secret.toString(encoding));
    }
    expect(text.toLowerCase()).toContain(address.toLowerCase());
  });
});

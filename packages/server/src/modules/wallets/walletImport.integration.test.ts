import { randomBytes, randomUUID } from 'node:crypto';
import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { CUSTODY_LIMIT, WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import { securityEventProbe } from '../../identity/securityEvents/testing/securityEventProbe.js';
import type { OutboxMessage } from '../../kernel/ports.js';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { newDeviceKey } from './testing/deviceKey.js';
import { freshLogin, newWalletBody, newWalletKey, registeredFrame, TestFrame } from './testing/testFrame.js';

const b64 = (size: number) => randomBytes(size).toString('base64url');
const SUBJECT = 'A private key was imported as your wallet';
const HOST = 'https://host.example';

// Issue #32: importing a private key. PGlite and PostgreSQL + Redis (the counters live in the short-lived store).
forEveryBackend('private-key import (POST /api/v1/embedded_wallets/import)', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  const theApp = async () => {
    app ??= await server().createApp({ allowedOrigins: [HOST], name: 'Acme' });
    return app;
  };
  const outbox = async (): Promise<OutboxMessage[]> => (await server().call('GET', DEV_API.outbox)).json();
  // Every table but the short-lived store and its counters (proof nonces, the import counter).
  const counts = async () => {
    const { short_lived: _, durable_counters: __, ...rest } = await server().tableCounts();
    return rest;
  };
  const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  /** The import body of `key` for `frame`'s next call, signed by that key (what the frame sends). */
  async function importBody(frame: TestFrame, key = newWalletKey()) {
    const input = newWalletBody(key.address);
    const signature = await frame.walletSignature(key, 'create-wallet', input.wallet_id, input.share_set_id);
    return { ...input, wallet_signature: signature };
  }
  const walletAccount = async (frame: TestFrame) => {
    const headers = { ...widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token), origin: HOST };
    const me = await (await server().call('GET', IDENTITY_API.me, { headers })).json();
    return me.user.linked_accounts.filter((a: { type: string }) => a.type === 'wallet');
  };

  it('imports: the wallet is bound to this device, the account says imported, and the user was told first', async () => {
    const address = email('import');
    const frame = await registeredFrame(server(), await theApp(), { type: 'email', address });
    const key = newWalletKey();
    const body = await importBody(frame, key);
    const res = await frame.call('POST', WALLET_API.importWallet, body);
    expect(res.status).toBe(200);
    expect((await res.json()).wallet).toMatchObject({ wallet_id: body.wallet_id, address: body.address });
    expect(await walletAccount(frame)).toEqual([
      expect.objectContaining({ address: body.address, recovery_method: 'latch', imported: true }),
    ]);
    const released = await frame.call('POST', WALLET_API.authShare, { share_set_id: body.share_set_id });
    expect(await released.json()).toEqual({ auth_share: body.auth_share });
    const notice = (await outbox()).filter((m) => m.recipient === address && m.subject === SUBJECT);
    expect(notice).toHaveLength(1);
    expect(notice[0]?.code).toBe('');
    const { appId, clientId } = await theApp();
    const events = (await securityEventProbe(server()).mine(appId, clientId, frame.user.token)).body;
    expect(JSON.stringify(events)).toContain('wallet_imported');
    // A later recovery change keeps it `imported: true`; a created wallet is `imported: false`.
    const setId = randomUUID();
    const replaced = await frame.call('POST', WALLET_API.replaceRecovery, {
      share_set_id: setId,
      auth_share: b64(69),
      recovery: { method: 'user-passcode', sealed_share: b64(32), salt: b64(16), verifier: b64(32) },
      wallet_signature: await frame.walletSignature(key, 'replace-recovery', body.wallet_id, setId),
    });
    expect(replaced.status).toBe(200);
    expect((await walletAccount(frame))[0]).toMatchObject({ recovery_method: 'user-passcode', imported: true });
    const created = await registeredFrame(server(), await theApp(), { type: 'email', address: email('created') });
    expect((await created.createWallet()).res.status).toBe(200);
    expect((await walletAccount(created))[0].imported).toBe(false);
  });

  it('refuses a user who has a wallet (409, nothing replaced, nobody told) — a stolen token cannot import over it', async () => {
    const address = email('owner');
    const frame = await registeredFrame(server(), await theApp(), { type: 'email', address });
    const { input } = await frame.createWallet();
    const before = await counts();
    const sent = (await outbox()).length;
    const res = await frame.call('POST', WALLET_API.importWallet, await importBody(frame));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('embedded_wallet_already_exists');
    // The thief's token alone: no proof → 401; a proof by its own key → 403. Nothing changes.
    const thief = await TestFrame.create(server(), frame.user, await newDeviceKey());
    const noProof = await thief.call('POST', WALLET_API.importWallet, await importBody(thief), { noProof: true });
    expect(noProof.status).toBe(401);
    const ownKey = await thief.call('POST', WALLET_API.importWallet, await importBody(thief));
    expect([ownKey.status, (await ownKey.json()).error]).toEqual([403, 'device_not_registered']);
    expect(await counts()).toEqual(before);
    expect((await outbox()).length).toBe(sent);
    const share = await frame.call('POST', WALLET_API.authShare, { share_set_id: input.share_set_id });
    expect(await share.json()).toEqual({ auth_share: input.auth_share });
    expect((await walletAccount(frame))[0]).toMatchObject({ address: input.address, imported: false });
  });

  it('needs a fresh login: a session that logged in more than 10 minutes ago (refreshed or not) is refused', async () => {
    const { appId, clientId } = await theApp();
    const user = await freshLogin(server(), appId, clientId, { type: 'email', address: email('stale') });
    const frame = await TestFrame.create(server(), user);
    expect((await frame.register()).status).toBe(200);
    const sid = JSON.parse(Buffer.from(user.token.split('.')[1] as string, 'base64url').toString()).sid;
    const longAgo = new Date(server().clock.now().getTime() - CUSTODY_LIMIT.importFreshLoginMs - 1000);
    await server().db.updateTable('sessions').set({ family_started_at: longAgo }).where('id', '=', sid).execute();
    const before = await counts();
    const res = await frame.call('POST', WALLET_API.importWallet, await importBody(frame));
    expect([res.status, (await res.json()).error]).toEqual([401, 'fresh_login_required']);
    expect(await counts()).toEqual(before);
  });

  it(`counts ${CUSTODY_LIMIT.importsPerDay} tries per user per UTC day, refused ones included (429 after)`, async () => {
    const frame = await registeredFrame(server(), await theApp(), { type: 'email', address: email('limit') });
    await frame.createWallet();
    for (let i = 0; i < CUSTODY_LIMIT.importsPerDay; i++) {
      expect((await frame.call('POST', WALLET_API.importWallet, await importBody(frame))).status).toBe(409);
    }
    const over = await frame.call('POST', WALLET_API.importWallet, await importBody(frame));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a body not signed by the imported key, and the key of another user’s wallet (409, nothing stored)', async () => {
    const frame = await registeredFrame(server(), await theApp(), { type: 'email', address: email('sig') });
    const body = { ...(await importBody(frame)), address: newWalletKey().address };
    const res = await frame.call('POST', WALLET_API.importWallet, body);
    expect([res.status, (await res.json()).error]).toEqual([401, 'invalid_wallet_signature']);
    expect(await walletAccount(frame)).toEqual([]);
    const other = await registeredFrame(server(), await theApp(), { type: 'email', address: email('other') });
    const { wallet } = await other.createWallet();
    const taken = await frame.call('POST', WALLET_API.importWallet, await importBody(frame, wallet));
    expect(taken.status).toBe(409);
    expect(await walletAccount(frame)).toEqual([]);
  });
});

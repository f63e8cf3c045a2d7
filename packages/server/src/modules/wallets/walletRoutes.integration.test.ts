import { randomBytes, randomUUID } from 'node:crypto';
import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { DEVICE_NONCE_HEADER, WALLET_API } from '@latch/protocol/schemas';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { expect, it } from 'vitest';
import type { OutboxMessage } from '../../kernel/ports.js';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { freshLogin, newWalletBody, newWalletKey, TestFrame } from './testing/testFrame.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const HOST = 'https://host.example';

forEachBackend('wallet custody routes', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  async function theApp() {
    app ??= await server().createApp({ allowedOrigins: [HOST], name: 'Acme' });
    return app;
  }

  /** A fresh login and a frame whose device key it registered. */
  async function device(email: string) {
    const { appId, clientId } = await theApp();
    const user = await freshLogin(server(), appId, clientId, { type: 'email', address: email });
    const frame = await TestFrame.create(server(), user);
    const registered = await frame.register();
    expect(registered.status).toBe(200);
    expect(await registered.json()).toEqual({ device_id: frame.key.deviceId });
    return frame;
  }

  const outbox = async (): Promise<OutboxMessage[]> => (await server().call('GET', DEV_API.outbox)).json();

  it('registers a device, creates a wallet signed by its key, and releases its share only to that device', async () => {
    const frame = await device('alice-wallet@example.com');
    const empty = await frame.call('GET', WALLET_API.wallet);
    expect(await empty.json()).toEqual({ wallet: null, mfa: { mfa_methods: [], required_actions: [] } });
    expect(empty.headers.get(DEVICE_NONCE_HEADER)).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const { res, input } = await frame.createWallet();
    expect(res.status).toBe(200);
    expect((await res.json()).wallet).toMatchObject({
      wallet_id: input.wallet_id,
      address: input.address,
      recovery_method: 'latch',
      primary_share_set_id: input.share_set_id,
    });
    const again = await frame.createWallet();
    expect(again.res.status).toBe(409);
    expect((await again.res.json()).error).toBe('embedded_wallet_already_exists');

    const share = await frame.call('POST', WALLET_API.authShare, { share_set_id: input.share_set_id });
    expect(await share.json()).toEqual({ auth_share: input.auth_share });

    // A second device of the same user (a fresh login) gets no share of the first device's set.
    const other = await device('alice-wallet@example.com');
    const foreign = await other.call('POST', WALLET_API.authShare, { share_set_id: input.share_set_id });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain(input.auth_share);
  });

  it('provisions a new device: recovery material with the primary auth share, its own set, and a notice', async () => {
    const first = await device('new-device@example.com');
    const { input, wallet } = await first.createWallet();
    const second = await device('new-device@example.com');

    const recovery = await second.call('POST', WALLET_API.recovery);
    expect(recovery.status).toBe(200);
    expect(await recovery.json()).toEqual({
      method: 'latch',
      share_set_id: input.share_set_id,
      sealed_share: input.recovery.sealed_share,
      recovery_key: input.recovery.recovery_key,
      auth_share: input.auth_share,
    });

    const setId = randomUUID();
    const authShare = b64(randomBytes(69));
    const signature = await second.walletSignature(wallet, 'add-share-set', input.wallet_id, setId);
    const added = await second.call('POST', WALLET_API.shareSets, {
      share_set_id: setId,
      auth_share: authShare,
      wallet_signature: signature,
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ share_set_id: setId });
    const notice = (await outbox()).find((m) => m.recipient === 'new-device@example.com');
    expect(notice).toMatchObject({ channel: 'email', code: '', subject: 'A new device can now use your wallet' });
    expect(notice?.text).toContain('Acme');

    expect(await (await second.call('POST', WALLET_API.authShare, { share_set_id: setId })).json()).toEqual({
      auth_share: authShare,
    });
    // The first device keeps its own set; neither sees the other's.
    expect((await first.call('POST', WALLET_API.authShare, { share_set_id: setId })).status).toBe(404);
    expect((await first.call('POST', WALLET_API.authShare, { share_set_id: input.share_set_id })).status).toBe(200);

    // Revoking the second device's set (signed by the wallet key) deletes its share and revokes its key.
    const revokeSig = await first.walletSignature(wallet, 'revoke-share-set', input.wallet_id, setId);
    const revoked = await first.call('POST', WALLET_API.revokeShareSet, {
      share_set_id: setId,
      wallet_signature: revokeSig,
    });
    expect(await revoked.json()).toEqual({ revoked: true });
    const afterRevoke = await second.call('POST', WALLET_API.authShare, { share_set_id: setId });
    expect(afterRevoke.status).toBe(403);
    expect((await afterRevoke.json()).error).toBe('device_not_registered');
  });

  it('runs the password OPRF step, locks after 5 unconfirmed attempts and tells the user once (W-07)', async () => {
    const frame = await device('bob-wallet@example.com');
    const notices = async () =>
      (await outbox()).filter((m) => m.recipient === 'bob-wallet@example.com' && m.subject?.includes('locked'));
    const walletId = randomUUID();
    const blinded = () => b64(ristretto255_oprf.oprf.blind(new TextEncoder().encode('Secret-123')).blinded);
    for (let i = 0; i < 5; i++) {
      const ok = await frame.call('POST', WALLET_API.oprf, { wallet_id: walletId, blinded: blinded() });
      expect(ok.status).toBe(200);
      expect((await ok.json()).evaluated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(await notices()).toHaveLength(0);
    const limited = await frame.call('POST', WALLET_API.oprf, { wallet_id: walletId, blinded: blinded() });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe('too_many_requests');
    // The lock engaged: the user's verified email hears of it, once per lock, with no code in it.
    const [notice] = await notices();
    expect(notice).toMatchObject({
      channel: 'email',
      code: '',
      subject: 'Wallet password recovery is locked after too many wrong passwords',
    });
    expect(notice!.text).toContain('Acme');
    expect((await frame.call('POST', WALLET_API.oprf, { wallet_id: walletId, blinded: blinded() })).status).toBe(429);
    expect(await notices()).toHaveLength(1);
  });

  it('answers malformed bodies with invalid_data and changes nothing', async () => {
    const frame = await device('carol-malformed@example.com');
    const before = await server().tableCounts();
    const good = newWalletBody(newWalletKey().address);
    for (const body of [{}, { ...good, address: 'nope' }, { ...good, auth_share: '***' }, [1, 2]]) {
      const response = await frame.call('POST', WALLET_API.wallet, body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('invalid_data');
    }
    const notJson = await frame.call('POST', WALLET_API.wallet, undefined, { rawBody: '{"wallet_id":' });
    expect(notJson.status).toBe(400);
    const badPoint = await frame.call('POST', WALLET_API.oprf, {
      wallet_id: randomUUID(),
      blinded: b64(new Uint8Array(32).fill(255)),
    });
    expect(badPoint.status).toBe(400);
    expect(await server().tableCounts()).toEqual(before);
  });

  it("records the embedded wallet among the user's linked accounts, and its new recovery method", async () => {
    const frame = await device('carol-wallet@example.com');
    const { input, wallet } = await frame.createWallet();
    const me = async () =>
      (
        await (
          await server().call('GET', IDENTITY_API.me, {
            headers: { ...widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token), origin: HOST },
          })
        ).json()
      ).user;
    expect((await me()).linked_accounts.find((a: { type: string }) => a.type === 'wallet')).toMatchObject({
      type: 'wallet',
      address: input.address,
      chain_type: 'ethereum',
      wallet_client_type: 'latch',
      connector_type: 'embedded',
      recovery_method: 'latch',
      imported: false,
    });

    const setId = randomUUID();
    const replaced = await frame.call('POST', WALLET_API.replaceRecovery, {
      share_set_id: setId,
      auth_share: b64(randomBytes(69)),
      recovery: {
        method: 'user-passcode',
        sealed_share: b64(randomBytes(97)),
        salt: b64(randomBytes(16)),
        verifier: b64(randomBytes(32)),
      },
      wallet_signature: await frame.walletSignature(wallet, 'replace-recovery', input.wallet_id, setId),
    });
    expect(replaced.status).toBe(200);
    const wallets = (await me()).linked_accounts.filter((a: { type: string }) => a.type === 'wallet');
    expect(wallets).toHaveLength(1);
    expect(wallets[0].recovery_method).toBe('user-passcode');
    // The new primary set is bound to the device that replaced it; the old one is gone.
    expect((await frame.call('POST', WALLET_API.authShare, { share_set_id: setId })).status).toBe(200);
    expect((await frame.call('POST', WALLET_API.authShare, { share_set_id: input.share_set_id })).status).toBe(404);
  });

  it('creates the wallet and its linked account in one transaction: a conflict is a 409 and leaves nothing', async () => {
    const owner = await device('linked-owner@example.com');
    const key = newWalletKey();
    // The address is already another user's linked wallet (e.g. they logged in with it through SIWE).
    const { appId, clientId } = await theApp();
    const other = await freshLogin(server(), appId, clientId, { type: 'email', address: 'linked-other@example.com' });
    const otherUser = await server()
      .db.selectFrom('sessions')
      .select('user_id')
      .where('id', '=', JSON.parse(Buffer.from(other.token.split('.')[1] as string, 'base64url').toString()).sid)
      .executeTakeFirstOrThrow();
    const now = server().clock.now();
    await server()
      .db.insertInto('linked_accounts')
      .values({
        app_id: appId,
        user_id: otherUser.user_id,
        type: 'wallet',
        account_key: key.address.toLowerCase(),
        details: JSON.stringify({ address: key.address, chain_type: 'ethereum', wallet_client_type: 'metamask' }),
        verified_at: now,
        first_verified_at: now,
        latest_verified_at: now,
        created_at: now,
      })
      .execute();
    const before = await server().tableCounts();
    const { res } = await owner.createWallet(key);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('linked_to_another_user');
    expect(await server().tableCounts()).toEqual(before);
    expect((await (await owner.call('GET', WALLET_API.wallet)).json()).wallet).toBeNull();
  });
});

import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { RECOVERY_OAUTH_API, RECOVERY_OAUTH_RETURN_PARAM } from '@latch/protocol/cloudBackup';
import { WALLET_API } from '@latch/protocol/schemas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { TEST_CALLBACK } from '../oauth/testing/oauthTestClient.js';
import { newWalletKey, registeredFrame, type TestFrame } from '../wallets/testing/testFrame.js';
import { cloudKitUser } from './cloudKitClient.js';

// iCloud backups against the real server (PGlite, and PostgreSQL + Redis when configured) and the CloudKit stand-in:
// the cloud key alone opens nothing; the recovery release needs a ticket of the backup's own iCloud account.

const HOST = 'https://host.example';
const RETURN = `${HOST}/wallet-return`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const state = () => randomBytes(32).toString('base64url');

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [TEST_CALLBACK], providers: ['google'] });
});
afterAll(async () => {
  await idp?.close();
});

/** AES-256-GCM as the frame's sealShare (iv ‖ ciphertext ‖ tag), for a stand-in recovery share. */
function seal(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}
function open(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
}

forEachBackend(
  'iCloud backups (#30)',
  (server) => {
    let app: { appId: string; clientId: string };
    beforeAll(async () => {
      app = await server().createApp({ allowedOrigins: [HOST], name: 'Acme', config: { email_auth: true } });
    });

    /**
     * The popup of an `init_icloud` answer's `url`: the start page (its state cookie), CloudKit's sign-in as
     * `token`'s user, and the callback; answers the return URL the host page reads.
     */
    async function popupReturn(url: string, token: string): Promise<URL> {
      const start = await server().call('GET', new URL(url).pathname + new URL(url).search);
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe(`${idp.cloudKit.apiUrl}/signin`);
      const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const back = await server().call('GET', `${RECOVERY_OAUTH_API.callback}?ckWebAuthToken=${token}`, {
        headers: { cookie },
      });
      expect(back.status).toBe(302);
      return new URL(back.headers.get('location') ?? '');
    }

    /** One recovery OAuth round trip of `frame` with `appleId`, through the popup: answers authenticate's response. */
    async function icloudAuth(frame: TestFrame, appleId: string, purpose: 'backup' | 'recover') {
      const stateCode = state();
      const init = await frame.call('POST', RECOVERY_OAUTH_API.initICloud, {
        client_type: 'web',
        purpose,
        redirect_to: RETURN,
        state_code: stateCode,
      });
      if (init.status !== 200) return init;
      const { url } = (await init.json()) as { url: string };
      const back = await popupReturn(url, idp.cloudKit.signIn(appleId));
      return frame.call('POST', RECOVERY_OAUTH_API.authenticate, {
        provider: 'icloud',
        authorization_code: back.searchParams.get(RECOVERY_OAUTH_RETURN_PARAM.code),
        state_code: stateCode,
      });
    }

    async function backedUpWallet(label: string) {
      const email = `${label}-${randomBytes(3).toString('hex')}@example.com`;
      const account = { type: 'email' as const, address: email };
      const frame = await registeredFrame(server(), app, account);
      const auth = await icloudAuth(frame, `${label}@icloud.com`, 'backup');
      expect(auth.status).toBe(200);
      const authorization = (await auth.json()) as { access_token: string; api_token: string; cloud_ticket: string };
      expect(authorization.api_token).toBe(idp.cloudKit.apiToken);
      // The frame's part: a recovery share sealed under a fresh cloud key; the key goes to CloudKit, not to us.
      const recoveryShare = randomBytes(69);
      const cloudKey = randomBytes(32);
      const wallet = newWalletKey();
      const body = {
        wallet_id: randomUUID(),
        share_set_id: randomUUID(),
        address: wallet.address,
        auth_share: b64(randomBytes(69)),
        recovery: {
          method: 'icloud',
          sealed_share: b64(seal(cloudKey, recoveryShare)),
          cloud_ticket: authorization.cloud_ticket,
        },
      };
      const signature = await frame.walletSignature(wallet, 'create-wallet', body.wallet_id, body.share_set_id);
      const res = await frame.call('POST', WALLET_API.wallet, { ...body, wallet_signature: signature });
      expect(res.status).toBe(200);
      return { frame, account, recoveryShare, cloudKey, wallet, body };
    }

    it('stores only the ciphertext; a new device gets it only with a ticket of the same iCloud account', async () => {
      const { account, recoveryShare, cloudKey, body } = await backedUpWallet('ada');
      const row = await server()
        .ctx.db.selectFrom('embedded_wallets')
        .selectAll()
        .where('id', '=', body.wallet_id)
        .executeTakeFirstOrThrow();
      expect(row.recovery_method).toBe('icloud');
      expect(row.recovery_key_sealed).toBeNull();
      expect(row.cloud_account_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(row)).not.toContain(b64(cloudKey));

      const laptop = await registeredFrame(server(), app, account);
      // No ticket, a wrong account, a ticket of another device: refused before anything is counted or sent.
      expect((await laptop.call('POST', WALLET_API.recovery, {})).status).toBe(401);
      const wrong = await icloudAuth(laptop, 'mallory@icloud.com', 'recover');
      expect(wrong.status).toBe(403);
      expect(((await wrong.json()) as { error: string }).error).toBe('cloud_account_mismatch');
      const right = await icloudAuth(laptop, 'ada@icloud.com', 'recover');
      expect(right.status).toBe(200);
      const { cloud_ticket } = (await right.json()) as { cloud_ticket: string };

      const release = await laptop.call('POST', WALLET_API.recovery, { cloud_ticket });
      expect(release.status).toBe(200);
      const r = (await release.json()) as { method: string; sealed_share: string; auth_share: string };
      expect(r.method).toBe('icloud');
      // The cloud key opens the released ciphertext into the recovery share; without the release it has nothing to open.
      expect(open(cloudKey, Buffer.from(r.sealed_share, 'base64url')).equals(recoveryShare)).toBe(true);
      expect(() => open(randomBytes(32), Buffer.from(r.sealed_share, 'base64url'))).toThrow();
      // Single use.
      const again = await laptop.call('POST', WALLET_API.recovery, { cloud_ticket });
      expect(((await again.json()) as { error: string }).error).toBe('invalid_cloud_ticket');
    });

    it('refuses a password while recovery uses iCloud, and bad input, changing nothing', async () => {
      const { frame, wallet, body } = await backedUpWallet('bob');
      const before = await server().tableCounts();
      const shareSetId = randomUUID();
      const signature = await frame.walletSignature(wallet, 'replace-recovery', body.wallet_id, shareSetId);
      const res = await frame.call('POST', WALLET_API.replaceRecovery, {
        share_set_id: shareSetId,
        auth_share: b64(randomBytes(69)),
        recovery: {
          method: 'user-passcode',
          sealed_share: b64(randomBytes(97)),
          salt: b64(randomBytes(16)),
          verifier: b64(randomBytes(32)),
        },
        wallet_signature: signature,
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe('recovery_uses_cloud_provider');

      const bad = [
        { client_type: 'ios', purpose: 'backup', redirect_to: RETURN, state_code: state() },
        { client_type: 'web', purpose: 'backup', redirect_to: 'https://evil.example/x', state_code: state() },
        { client_type: 'web', purpose: 'steal', redirect_to: RETURN, state_code: state() },
        { client_type: 'web', purpose: 'backup', redirect_to: RETURN, state_code: 'short' },
      ];
      for (const input of bad) {
        const answer = await frame.call('POST', RECOVERY_OAUTH_API.initICloud, input);
        expect([400, 403]).toContain(answer.status);
        expect(((await answer.json()) as { error: string }).error).toMatch(/^(invalid_data|invalid_origin)$/);
      }
      // A code for someone else's state, or no proof at all (a host page, any HTTP client with the token).
      const stranger = await frame.call('POST', RECOVERY_OAUTH_API.authenticate, {
        provider: 'icloud',
        authorization_code: idp.cloudKit.signIn('bob@icloud.com'),
        state_code: state(),
      });
      expect(((await stranger.json()) as { error: string }).error).toBe('unknown_auth_error');
      const noProof = await frame.call('POST', RECOVERY_OAUTH_API.initICloud, bad[0], { noProof: true });
      expect(noProof.status).toBe(401);
      expect(await server().tableCounts()).toEqual(before);
    });

    it("sends the popup back to redirect_to with a one-time code in place of CloudKit's token, which only the frame redeems", async () => {
      const account = { type: 'email' as const, address: `cy-${randomBytes(3).toString('hex')}@example.com` };
      const frame = await registeredFrame(server(), app, account);
      const stateCode = state();
      const init = await frame.call('POST', RECOVERY_OAUTH_API.initICloud, {
        client_type: 'web',
        purpose: 'backup',
        redirect_to: RETURN,
        state_code: stateCode,
      });
      const { url } = (await init.json()) as { url: string };
      const token = idp.cloudKit.signIn('cy@icloud.com');
      const target = await popupReturn(url, token);
      expect(target.origin + target.pathname).toBe(RETURN);
      expect(target.searchParams.get(RECOVERY_OAUTH_RETURN_PARAM.state)).toBe(stateCode);
      // The attack: a host-page script reads the return and calls CloudKit with what it carries. The token works
      // there; the code does not, and the token is nowhere in the return.
      const code = target.searchParams.get(RECOVERY_OAUTH_RETURN_PARAM.code) ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(target.href).not.toContain(token);
      const settings = server().ctx.settings.cloudKit;
      if (!settings) throw new Error('the suite configures CloudKit');
      expect(await cloudKitUser(settings, token)).toBeTruthy();
      await expect(cloudKitUser(settings, code)).rejects.toMatchObject({ code: 'unknown_auth_error' });
      // The token itself is no code: authenticate refuses it, and the round trip is spent with it.
      const withToken = await frame.call('POST', RECOVERY_OAUTH_API.authenticate, {
        provider: 'icloud',
        authorization_code: token,
        state_code: stateCode,
      });
      expect(((await withToken.json()) as { error: string }).error).toBe('unknown_auth_error');
      const late = await frame.call('POST', RECOVERY_OAUTH_API.authenticate, {
        provider: 'icloud',
        authorization_code: code,
        state_code: stateCode,
      });
      expect(((await late.json()) as { error: string }).error).toBe('unknown_auth_error');
    });
  },
  {
    settings: {
      get cloudKit() {
        const ck = idp.cloudKit;
        return { apiUrl: ck.apiUrl, container: ck.container, environment: ck.environment, apiToken: ck.apiToken };
      },
    },
  },
);

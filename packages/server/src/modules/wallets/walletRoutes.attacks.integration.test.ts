import { randomBytes, randomUUID } from 'node:crypto';
import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { RECOVERY_OAUTH_API } from '@latch/protocol/cloudBackup';
import { CUSTODY_LIMIT, WALLET_API } from '@latch/protocol/schemas';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { passwordlessTestClient } from '../passwordless/testing/passwordlessTestClient.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from '../siwe/testing/siweTestClient.js';
import { deviceProof, newDeviceKey } from './testing/deviceKey.js';
import {
  freshLogin,
  newWalletBody,
  newWalletKey,
  registeredFrame,
  TestFrame,
  type TestUser,
} from './testing/testFrame.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const HOST = 'https://host.example';
const OWN = 'http://localhost:8787'; // the server's public URL in the test settings

// Every header combination a non-browser client can forge (the old gate trusted some of them).
const ORIGINS = [OWN, HOST, 'https://evil.example', undefined, 'null'];
const SITES = ['same-origin', 'cross-site', undefined];
const HEADER_SETS = ORIGINS.flatMap((origin) =>
  SITES.map((site) => ({
    ...(origin === undefined ? {} : { origin }),
    ...(site === undefined ? {} : { 'sec-fetch-site': site }),
  })),
);

forEachBackend(
  'wallet custody under attack (#17)',
  (server) => {
    let app: { appId: string; clientId: string } | undefined;
    async function theApp() {
      app ??= await server().createApp({
        allowedOrigins: [HOST, TEST_ORIGIN],
        name: 'Acme',
        config: { email_auth: true, wallet_auth: true },
      });
      return app;
    }
    const email = (label: string) => ({
      type: 'email' as const,
      address: `${label}-${randomBytes(3).toString('hex')}@example.com`,
    });

    /** A victim with a wallet made by their registered device; the secrets a thief must not get. */
    async function victim(label: string) {
      const account = email(label);
      const frame = await registeredFrame(server(), await theApp(), account);
      const { res, input, wallet } = await frame.createWallet();
      expect(res.status).toBe(200);
      const secrets = [input.auth_share, input.recovery.sealed_share, input.recovery.recovery_key];
      return { frame, input, wallet, secrets, account };
    }

    /** The custody tables as text: proof that a refused call changed nothing that matters. */
    async function custodyState(): Promise<string> {
      const { rows } = await sql<{ r: string }>`select row_to_json(t)::text as r from (
      select id, address, primary_share_set_id, recovery_share_sealed, recovery_key_sealed, password_salt from embedded_wallets
      union all select id, wallet_id, kind, auth_share_sealed, device_key_id, null from wallet_share_sets
      union all select id, user_id, public_jwk, session_id, revoked_at::text, null from device_keys
      union all select account_key, user_id, type, details::text, null, null from linked_accounts) t order by r`.execute(
        server().db,
      );
      return rows.map((row) => row.r).join('\n');
    }

    /** A body for each custody route, as a thief would fill it. */
    function bodies(walletId: string, shareSetId: string): [method: 'GET' | 'POST', path: string, body?: unknown][] {
      const recovery = { method: 'latch', sealed_share: b64(randomBytes(97)), recovery_key: b64(randomBytes(32)) };
      const signature = `0x${randomBytes(65).toString('hex')}`;
      return [
        ['GET', WALLET_API.wallet],
        ['POST', WALLET_API.wallet, { ...newWalletBody(newWalletKey().address), wallet_signature: signature }],
        ['POST', WALLET_API.importWallet, { ...newWalletBody(newWalletKey().address), wallet_signature: signature }],
        ['POST', WALLET_API.authShare, { share_set_id: shareSetId }],
        [
          'POST',
          WALLET_API.shareSets,
          { share_set_id: randomUUID(), auth_share: b64(randomBytes(69)), wallet_signature: signature },
        ],
        ['POST', WALLET_API.revokeShareSet, { share_set_id: shareSetId, wallet_signature: signature }],
        ['POST', WALLET_API.recovery, {}],
        [
          'POST',
          WALLET_API.replaceRecovery,
          { share_set_id: randomUUID(), auth_share: b64(randomBytes(69)), recovery, wallet_signature: signature },
        ],
        ['POST', WALLET_API.oprf, { wallet_id: walletId, blinded: b64(randomBytes(32)) }],
        ['POST', WALLET_API.confirmPassword, { verifier: b64(randomBytes(32)) }],
        ['POST', WALLET_API.devices, { grant: b64(randomBytes(32)) }],
        ['POST', WALLET_API.exportInit, {}],
        ['POST', WALLET_API.exportAuthenticate, { code: '123456' }],
        // Cloud backups' round trip: a thief's own would end in a ticket for its cloud account.
        [
          'POST',
          RECOVERY_OAUTH_API.init,
          {
            purpose: 'backup',
            redirect_to: HOST,
            code_challenge: b64(randomBytes(32)),
            state_code: b64(randomBytes(32)),
          },
        ],
        [
          'POST',
          RECOVERY_OAUTH_API.initICloud,
          { client_type: 'web', purpose: 'recover', redirect_to: HOST, state_code: b64(randomBytes(32)) },
        ],
        [
          'POST',
          RECOVERY_OAUTH_API.authenticate,
          { provider: 'icloud', authorization_code: b64(randomBytes(32)), state_code: b64(randomBytes(32)) },
        ],
      ];
    }

    it('repro 1 and the stolen-token test: an access or refresh token, with any headers, from Node, releases nothing', async () => {
      const v = await victim('stolen');
      const before = await custodyState();
      const outboxBefore = (
        await server()
          .call('GET', DEV_API.outbox)
          .then((r) => r.json())
      ).length;

      // The refresh-token thief refreshes: a working access token, but never a device grant.
      const refreshed = await server().call('POST', IDENTITY_API.sessions, {
        body: { refresh_token: v.frame.user.refreshToken },
        headers: { ...widgetHeaders(v.frame.user.appId, v.frame.user.clientId), origin: HOST },
      });
      expect(refreshed.status).toBe(200);
      const refreshBody = await refreshed.json();
      expect(refreshBody.device_grant).toBeUndefined();
      const fromRefresh: TestUser = { ...v.frame.user, token: refreshBody.token, deviceGrant: undefined };
      const fromAccess: TestUser = { ...v.frame.user, deviceGrant: undefined };

      let calls = 0;
      for (const stolen of [fromAccess, fromRefresh]) {
        // The thief's own device key: valid proofs, but never registered (no grant to redeem).
        const thief = await TestFrame.create(server(), stolen, await newDeviceKey());
        for (const [method, path, body] of bodies(v.input.wallet_id, v.input.share_set_id)) {
          for (const headers of HEADER_SETS) {
            for (const noProof of [true, false]) {
              const res = await thief.call(method, path, body, { headers, noProof });
              const text = await res.text();
              calls++;
              expect(
                res.status,
                `${method} ${path} ${JSON.stringify(headers)} proof=${!noProof}: ${text}`,
              ).toBeGreaterThanOrEqual(400);
              expect(res.status).toBeLessThan(500);
              expect([401, 403]).toContain(res.status);
              for (const secret of v.secrets) expect(text).not.toContain(secret);
            }
          }
        }
        // Nonces are all a bearer token gets, and they help nothing without a registered key.
        expect(Object.keys(await (await thief.call('POST', WALLET_API.nonce, {}, { noProof: true })).json())).toEqual([
          'nonce',
        ]);
      }
      expect(calls).toBe(2 * 16 * HEADER_SETS.length * 2);
      expect(await custodyState()).toBe(before);
      // No export code, no notice went out.
      expect(
        (
          await server()
            .call('GET', DEV_API.outbox)
            .then((r) => r.json())
        ).length,
      ).toBe(outboxBefore);
      // The victim's device still works.
      expect((await v.frame.call('POST', WALLET_API.authShare, { share_set_id: v.input.share_set_id })).status).toBe(
        200,
      );
    });

    it('repro 2: an address cannot be registered without its key; the real owner can still log in with it', async () => {
      const frame = await registeredFrame(server(), await theApp(), email('squatter'));
      const owner = newTestWallet(); // someone else's wallet
      const before = await custodyState();
      const body = newWalletBody(owner.address);
      // Signed by another key, then by no key at all, then the owner's signature of another request.
      const attempts = [
        await frame.walletSignature(newWalletKey(), 'create-wallet', body.wallet_id, body.share_set_id),
        `0x${'11'.repeat(65)}`,
        await owner.signMessage({ message: 'Sign in to Acme' }),
      ];
      for (const signature of attempts) {
        const res = await frame.call('POST', WALLET_API.wallet, { ...body, wallet_signature: signature });
        expect(res.status).toBe(401);
        expect((await res.json()).error).toBe('invalid_wallet_signature');
      }
      expect(await custodyState()).toBe(before);
      const { appId, clientId } = await theApp();
      const login = await siweTestClient(server(), appId, clientId).authenticate(owner);
      expect(login.status).toBe(200);
      // SIWE authenticate is a fresh authentication: it carries a device grant.
      expect((await login.json()).device_grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('repro 3: replace and revoke with random shares, from a registered device but without the wallet key, change nothing', async () => {
      const v = await victim('brick');
      // A second device of the victim with its own set: the target of the revoke attempts.
      const added = randomUUID();
      const second = await registeredFrame(server(), await theApp(), v.account);
      const secondSig = await second.walletSignature(v.wallet, 'add-share-set', v.input.wallet_id, added);
      expect(
        (
          await second.call('POST', WALLET_API.shareSets, {
            share_set_id: added,
            auth_share: b64(randomBytes(69)),
            wallet_signature: secondSig,
          })
        ).status,
      ).toBe(200);
      const before = await custodyState();
      const stranger = newWalletKey();
      const newSet = randomUUID();
      const recovery = { method: 'latch', sealed_share: b64(randomBytes(97)), recovery_key: b64(randomBytes(32)) };
      for (const signature of [
        `0x${randomBytes(65).toString('hex')}`,
        await v.frame.walletSignature(stranger, 'replace-recovery', v.input.wallet_id, newSet),
        // The wallet's own signature, but for revoking (another action) and for another set.
        await v.frame.walletSignature(v.wallet, 'revoke-share-set', v.input.wallet_id, newSet),
      ]) {
        const res = await v.frame.call('POST', WALLET_API.replaceRecovery, {
          share_set_id: newSet,
          auth_share: b64(randomBytes(69)),
          recovery,
          wallet_signature: signature,
        });
        expect(res.status).toBe(401);
        expect((await res.json()).error).toBe('invalid_wallet_signature');
      }
      for (const signature of [
        `0x${randomBytes(65).toString('hex')}`,
        await v.frame.walletSignature(stranger, 'revoke-share-set', v.input.wallet_id, added),
        await v.frame.walletSignature(v.wallet, 'add-share-set', v.input.wallet_id, added),
      ]) {
        const res = await v.frame.call('POST', WALLET_API.revokeShareSet, {
          share_set_id: added,
          wallet_signature: signature,
        });
        expect(res.status).toBe(401);
        expect((await res.json()).error).toBe('invalid_wallet_signature');
      }
      // A signature made for one request's nonce does not sign the next request.
      const stale = await v.frame.walletSignature(v.wallet, 'revoke-share-set', v.input.wallet_id, added);
      await v.frame.call('GET', WALLET_API.wallet); // spends that nonce
      const replayed = await v.frame.call('POST', WALLET_API.revokeShareSet, {
        share_set_id: added,
        wallet_signature: stale,
      });
      expect(replayed.status).toBe(401);
      expect(await custodyState()).toBe(before);
      expect((await v.frame.call('POST', WALLET_API.authShare, { share_set_id: v.input.share_set_id })).status).toBe(
        200,
      );
      expect((await second.call('POST', WALLET_API.authShare, { share_set_id: added })).status).toBe(200);
    });

    it('repro 5: a new device needs a fresh-login grant; refresh and fork mint none; recoveries are limited per day', async () => {
      const v = await victim('newdev');
      const { address } = v.account;
      const { appId, clientId } = await theApp();

      // A session that did not come from a fresh authentication (refresh, fork, or the harness' plain
      // session) has no grant, and a made-up grant registers nothing.
      const plain = await server().signIn(appId, { type: 'email', address });
      const fork = await server().call('POST', IDENTITY_API.fork, {
        body: { refresh_token: plain.refresh_token },
        headers: { ...widgetHeaders(appId, clientId), origin: HOST },
      });
      expect(fork.status).toBe(200);
      expect((await fork.json()).device_grant).toBeUndefined();
      const noGrant = await TestFrame.create(server(), {
        appId,
        clientId,
        token: plain.token as string,
        refreshToken: '',
      });
      const madeUp = await noGrant.register(b64(randomBytes(32)));
      expect(madeUp.status).toBe(401);
      expect((await madeUp.json()).error).toBe('invalid_device_grant');
      const refused = await noGrant.call('POST', WALLET_API.recovery);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toBe('device_not_registered');

      // The real email login answers a grant; redeemed, the device may recover — CUSTODY_LIMIT.newDevicesPerDay times a day.
      const passwordless = passwordlessTestClient(server(), appId, clientId);
      const login = await (await passwordless.emailLogin(address)).json();
      expect(login.device_grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const device = await TestFrame.create(server(), {
        appId,
        clientId,
        token: login.token,
        refreshToken: login.refresh_token,
        deviceGrant: login.device_grant,
      });
      expect((await device.register()).status).toBe(200);
      for (let i = 0; i < CUSTODY_LIMIT.newDevicesPerDay; i++)
        expect((await device.call('POST', WALLET_API.recovery)).status).toBe(200);
      const limited = await device.call('POST', WALLET_API.recovery);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toBe('too_many_requests');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0); // until the next UTC day
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      for (const secret of v.secrets) expect(JSON.stringify(limited)).not.toContain(secret);
      server().clock.advance(24 * 3600 * 1000 + 1000);
      const nextDay = await freshLogin(server(), appId, clientId, { type: 'email', address });
      const tomorrow = await TestFrame.create(server(), nextDay);
      expect((await tomorrow.register()).status).toBe(200);
      expect((await tomorrow.call('POST', WALLET_API.recovery)).status).toBe(200);
    });

    it('a device grant is single use, bound to its session and user, and expires', async () => {
      const { appId, clientId } = await theApp();
      const account = email('grant');
      const login = await freshLogin(server(), appId, clientId, account);
      const otherSession = await freshLogin(server(), appId, clientId, account);
      const otherUser = await freshLogin(server(), appId, clientId, email('grant-other'));

      // Another session of the same user, or another user, cannot redeem it (and it is spent trying).
      for (const who of [otherSession, otherUser]) {
        const frame = await TestFrame.create(server(), who);
        const res = await frame.register(login.deviceGrant);
        expect(res.status).toBe(401);
        expect((await res.json()).error).toBe('invalid_device_grant');
      }
      const own = await TestFrame.create(server(), login);
      expect((await own.register()).status).toBe(401);

      const fresh = await freshLogin(server(), appId, clientId, account);
      const frame = await TestFrame.create(server(), fresh);
      expect((await frame.register()).status).toBe(200);
      const again = await TestFrame.create(server(), fresh);
      expect((await again.register()).status).toBe(401); // single use, even for another key of the same session

      const late = await freshLogin(server(), appId, clientId, account);
      server().clock.advance(CUSTODY_LIMIT.deviceGrantTtlMs + 1000);
      const expired = await TestFrame.create(server(), late);
      const res = await expired.register();
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe('invalid_device_grant');
    });

    it('refuses replayed nonces, proofs for another path, body or token, stale or malformed proofs, and revoked keys', async () => {
      const v = await victim('proofs');
      const body = { share_set_id: v.input.share_set_id };
      const refusedWith = async (res: Response, code: string) => {
        const text = await res.text();
        expect(JSON.parse(text).error, text).toBe(code);
        for (const secret of v.secrets) expect(text).not.toContain(secret);
      };
      const key2 = await newDeviceKey();
      const other = await freshLogin(
        server(),
        await theApp().then((a) => a.appId),
        v.frame.user.clientId,
        email('proofs-other'),
      );
      const foreignNonce = await (await TestFrame.create(server(), other)).fetchNonce();
      const tampers: [string, Parameters<TestFrame['call']>[3]][] = [
        ['another path', { tamper: (p) => ({ ...p, path: WALLET_API.wallet }) }],
        ['another method', { tamper: (p) => ({ ...p, method: 'GET' }) }],
        ['another body', { tamper: (p) => ({ ...p, body: JSON.stringify({ share_set_id: randomUUID() }) }) }],
        ['another token', { tamper: (p) => ({ ...p, token: other.token }) }],
        ['a stale iat', { tamper: (p) => ({ ...p, iat: (p.iat ?? 0) - CUSTODY_LIMIT.proofMaxSkewSeconds - 5 }) }],
        ['a future iat', { tamper: (p) => ({ ...p, iat: (p.iat ?? 0) + CUSTODY_LIMIT.proofMaxSkewSeconds + 5 }) }],
        ['another typ', { tamper: (p) => ({ ...p, typ: 'dpop+jwt' }) }],
        ['another embedded key', { tamper: (p) => ({ ...p, embeddedJwk: key2.jwk }) }],
        ['a made-up nonce', { tamper: (p) => ({ ...p, nonce: b64(randomBytes(24)) }) }],
        ["another user's nonce", { tamper: (p) => ({ ...p, nonce: foreignNonce }) }],
        ['a garbage header', { headers: { 'latch-device-proof': 'not.a.jws' } }],
      ];
      for (const [, options] of tampers)
        await refusedWith(await v.frame.call('POST', WALLET_API.authShare, body, options), 'invalid_device_proof');

      // Replaying a good proof: the nonce is gone.
      let captured = '';
      const ok = await v.frame.call('POST', WALLET_API.authShare, body, {
        tamper: (p) => {
          captured = JSON.stringify(p);
          return p;
        },
      });
      expect(ok.status).toBe(200);
      const replayInput = JSON.parse(captured);
      const replay = await server().call('POST', WALLET_API.authShare, {
        rawBody: replayInput.body,
        headers: {
          ...widgetHeaders(v.frame.user.appId, v.frame.user.clientId, v.frame.user.token),
          'content-type': 'application/json',
          'latch-device-proof': await deviceProof(v.frame.key, replayInput),
        },
      });
      await refusedWith(replay, 'invalid_device_proof');

      // An expired nonce.
      const nonce = await v.frame.fetchNonce();
      server().clock.advance(CUSTODY_LIMIT.deviceNonceTtlMs + 1000);
      await refusedWith(
        await v.frame.call('POST', WALLET_API.authShare, body, { tamper: (p) => ({ ...p, nonce }) }),
        'invalid_device_proof',
      );

      // A revoked key.
      await server().ctx.deviceKeys.revoke(
        { appId: v.frame.user.appId, userId: await userIdOf(v.frame) },
        v.frame.key.deviceId,
      );
      await refusedWith(await v.frame.call('POST', WALLET_API.authShare, body), 'device_not_registered');
    });

    async function userIdOf(frame: TestFrame): Promise<string> {
      const sid = JSON.parse(Buffer.from(frame.user.token.split('.')[1] as string, 'base64url').toString()).sid;
      return (
        await server().db.selectFrom('sessions').select('user_id').where('id', '=', sid).executeTakeFirstOrThrow()
      ).user_id;
    }
  },
  // The stolen-token test asks for hundreds of proof nonces with one user's tokens to try every route and
  // header; the nonce limit would cut it short before every combination is tried. That limit has its own
  // test (wallets.nonceLimit.integration.test.ts).
  {
    settings: {
      nonceLimitPerUser: { points: 10_000, durationSec: 60 },
      nonceLimitPerIp: { points: 10_000, durationSec: 60 },
    },
  },
);

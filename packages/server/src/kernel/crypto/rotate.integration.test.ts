import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeyAad } from '../../identity/keys/signingKeys.js';
import { openTotpSecret, sealTotpSecret } from '../../modules/mfa/totpSecret.js';
import { createPasswordOprf, type OprfContext } from '../../modules/wallets/oprf.js';
import { backends, createTestServer, type TestServer } from '../../test/harness.js';
import type { Settings } from '../config/config.js';
import { moduleSealing } from '../module.js';
import { envelopeKeyId, openEnvelope, sealEnvelope } from './envelope.js';
import { createKeyring, type Keyring, recoveryKeyId } from './keyring.js';
import { masterKeyId } from './masterKey.js';
import { rotateKeys } from './rotate.js';

const b64 = (key: Buffer) => key.toString('base64');
const [m0, m1, r0, r1] = [randomBytes(32), randomBytes(32), randomBytes(32), randomBytes(32)];
const password = new TextEncoder().encode('correct horse battery staple');
const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The keyring the code before LATCH_RECOVERY_KEY had: every purpose, recovery included, from the master key. */
function legacyKeyring(master: Buffer): Keyring {
  const keyring = createKeyring(master);
  return { ...keyring, currentKeyIdFor: () => masterKeyId(master) };
}

/** A signing key sealed the way the code before key ids did: `v1.<iv>.<tag>.<data>`, no key id. */
function legacySeal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The finalized OPRF output the frame would get for `password` from a server using `keyring`. */
async function oprfOutput(server: TestServer, keyring: Keyring, context: OprfContext, keyId: string) {
  const oprf = createPasswordOprf(keyring, server.ctx.shortLived, { max: 100, windowMs: 60_000 });
  const { blind, blinded } = ristretto255_oprf.oprf.blind(password);
  const evaluated = await oprf.evaluate(context, blinded, keyId);
  return Buffer.from(ristretto255_oprf.oprf.finalize(password, blind, evaluated)).toString('hex');
}

interface Wallet {
  id: string;
  userId: string;
  setId: string;
  kind: 'legacy-provider' | 'provider' | 'password';
}

for (const backend of backends()) {
  describe(`keys rotate [${backend.name}]`, () => {
    let base: Partial<Settings>;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let appId: string;
    const wallets: Wallet[] = [];
    const shares = new Map<string, Buffer>();
    let passwordOutput: string;

    // A server on the same database, started with these keys, closed after `fn`.
    async function withServer<T>(keys: Partial<Settings>, fn: (s: TestServer) => Promise<T>): Promise<T> {
      const server = await createTestServer({ ...base, ...keys }, backend.name);
      try {
        return await fn(server);
      } finally {
        await server.close();
      }
    }

    beforeAll(async () => {
      const prepared = await backend.prepare();
      dataDir = mkdtempSync(join(tmpdir(), 'latch-rotate-'));
      // PGlite on disk (not in memory): the database must outlive each server.
      base = { ...prepared.settings, inMemoryDb: false, dataDir };
      dispose = prepared.dispose;
      // Before: one master key; a signing key sealed without key id; wallets of every kind, one
      // provider wallet's recovery key sealed the old way (KEK derived from the master key).
      await withServer({ masterKey: b64(m0), recoveryKey: b64(r0) }, async (server) => {
        ({ appId } = await server.createApp({ name: 'Rotate' }));
        const row = await server.db
          .selectFrom('app_signing_keys')
          .select(['kid', 'private_jwk_encrypted'])
          .where('app_id', '=', appId)
          .executeTakeFirstOrThrow();
        const jwk = server.ctx.sealer.open(row.private_jwk_encrypted, signingKeyAad(appId, row.kid));
        await server.db
          .updateTable('app_signing_keys')
          .set({ private_jwk_encrypted: legacySeal(m0, jwk, signingKeyAad(appId, row.kid)) })
          .where('kid', '=', row.kid)
          .execute();
        const keyring = server.ctx.keyring;
        const now = new Date();
        for (const kind of ['legacy-provider', 'provider', 'password'] as const) {
          const wallet: Wallet = {
            id: randomUUID(),
            userId: randomBytes(13).toString('hex').slice(0, 25),
            setId: randomUUID(),
            kind,
          };
          wallets.push(wallet);
          await sql`insert into users (id, app_id, created_at) values (${wallet.userId}, ${appId}, ${now})`.execute(
            server.db,
          );
          // Each user has an authenticator app (issue #13): its secret is sealed under the master key too.
          const owner = { appId, userId: wallet.userId };
          await server.ctx.mfaFactors.enrollTotp(owner, sealTotpSecret(keyring, owner, 'enrolled', totpSecret), 1);
          const context = [appId, wallet.userId, wallet.id, wallet.setId];
          const authShare = randomBytes(40);
          const recoveryKey = randomBytes(32);
          shares.set(wallet.id, authShare);
          shares.set(`${wallet.id}/recovery`, recoveryKey);
          const sealedRecovery =
            kind === 'password'
              ? null
              : sealEnvelope(kind === 'provider' ? keyring : legacyKeyring(m0), 'recovery-kek', context, recoveryKey);
          await sql`insert into embedded_wallets (id, app_id, user_id, address, recovery_method, primary_share_set_id,
            recovery_share_sealed, recovery_key_sealed, password_salt, password_verifier_hash, oprf_key_id, created_at, updated_at)
            values (${wallet.id}, ${appId}, ${wallet.userId}, ${`0x${randomBytes(20).toString('hex')}`},
              ${kind === 'password' ? 'user-passcode' : 'latch'}, ${wallet.setId}, 'c2VhbGVk', ${sealedRecovery},
              ${kind === 'password' ? 'c2FsdA' : null}, ${kind === 'password' ? 'ab'.repeat(32) : null},
              ${kind === 'password' ? keyring.currentKeyId : null}, ${now}, ${now})`.execute(server.db);
          await sql`insert into wallet_share_sets (id, wallet_id, kind, auth_share_sealed, created_at)
            values (${wallet.setId}, ${wallet.id}, 'primary', ${sealEnvelope(keyring, 'auth-share-kek', context, authShare)}, ${now})`.execute(
            server.db,
          );
        }
        const pw = wallets.find((w) => w.kind === 'password') as Wallet;
        passwordOutput = await oprfOutput(
          server,
          keyring,
          { appId, userId: pw.userId, walletId: pw.id },
          keyring.currentKeyId,
        );
      });
    }, 120_000);

    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const rotated = {
      masterKey: b64(m1),
      masterKeyPrevious: b64(m0),
      recoveryKey: b64(r1),
      recoveryKeyPrevious: b64(r0),
    };

    it('re-seals signing keys, auth shares, TOTP secrets and recovery keys under the new keys, in batches, and a re-run does nothing', async () => {
      await withServer(rotated, async (server) => {
        // The old values still work before the rotation (the previous keys open them).
        const { token } = await server.signIn(appId, { type: 'email', address: 'before@example.com' });
        expect(token).toMatch(/^ey/);
        const report = await rotateKeys(server.ctx, moduleSealing(server.modules), 1);
        expect(report).toMatchObject({
          master_key_id: masterKeyId(m1),
          recovery_key_id: recoveryKeyId(r1),
          resealed: { signing_keys: 1, auth_shares: 3, recovery_keys: 2, totp_secrets: 3, login_credentials: 0 },
          failed: [],
          password_wallets_on_previous_keys: { [masterKeyId(m0)]: 1 },
        });
        const again = await rotateKeys(server.ctx, moduleSealing(server.modules), 1);
        expect(again.resealed).toEqual({
          signing_keys: 0,
          auth_shares: 0,
          recovery_keys: 0,
          totp_secrets: 0,
          login_credentials: 0,
          webhook_secrets: 0,
          on_ramp_secrets: 0,
          captcha_secrets: 0,
        });
      });
    }, 120_000);

    it('after the rotation the old keys are not needed: tokens are signed, every share and recovery key opens', async () => {
      await withServer({ masterKey: b64(m1), recoveryKey: b64(r1) }, async (server) => {
        const { token } = await server.signIn(appId, { type: 'email', address: 'after@example.com' });
        expect(token).toMatch(/^ey/);
        const keyring = server.ctx.keyring;
        for (const wallet of wallets) {
          const row = await sql<{ auth_share_sealed: string; recovery_key_sealed: string | null }>`
            select s.auth_share_sealed, w.recovery_key_sealed from wallet_share_sets s
            join embedded_wallets w on w.id = s.wallet_id where s.id = ${wallet.setId}`.execute(server.db);
          const { auth_share_sealed, recovery_key_sealed } = row.rows[0]!;
          const context = [appId, wallet.userId, wallet.id, wallet.setId];
          expect(envelopeKeyId(auth_share_sealed)).toBe(masterKeyId(m1));
          expect(openEnvelope(keyring, 'auth-share-kek', context, auth_share_sealed)).toEqual(shares.get(wallet.id));
          if (wallet.kind !== 'password') {
            expect(envelopeKeyId(recovery_key_sealed as string)).toBe(recoveryKeyId(r1));
            expect(openEnvelope(keyring, 'recovery-kek', context, recovery_key_sealed as string)).toEqual(
              shares.get(`${wallet.id}/recovery`),
            );
          }
          const owner = { appId, userId: wallet.userId };
          const totp = (await server.ctx.mfaFactors.get(owner)).totp;
          expect(envelopeKeyId(totp?.sealed as string)).toBe(masterKeyId(m1));
          expect(openTotpSecret(keyring, owner, 'enrolled', totp?.sealed as string)).toBe(totpSecret);
        }
      });
    }, 120_000);

    it('a password wallet made before the rotation still recovers: same OPRF output while the old key is in previous', async () => {
      await withServer(rotated, async (server) => {
        const pw = wallets.find((w) => w.kind === 'password') as Wallet;
        const row = await server.db
          .selectFrom('embedded_wallets')
          .select('oprf_key_id')
          .where('id', '=', pw.id)
          .executeTakeFirstOrThrow();
        expect(row.oprf_key_id).toBe(masterKeyId(m0));
        const context = { appId, userId: pw.userId, walletId: pw.id };
        const keyring = server.ctx.keyring;
        expect(await oprfOutput(server, keyring, context, row.oprf_key_id as string)).toBe(passwordOutput);
        // Without the old key it cannot be evaluated: why LATCH_MASTER_KEY_PREVIOUS must keep it.
        const withoutOld = createKeyring(m1, [], { current: r1 });
        await expect(oprfOutput(server, withoutOld, context, row.oprf_key_id as string)).rejects.toThrow();
      });
    }, 120_000);
  });
}

import { createPrivateKey, type KeyObject, type JsonWebKey as NodeJwk, randomUUID } from 'node:crypto';
import { IDENTITY_TOKEN, LatchError } from '@latch/protocol';
import { type CryptoKey, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Clock } from '../../kernel/clock.js';
import { ConfigError } from '../../kernel/config/config.js';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';
import { TtlCache } from '../../kernel/ttlCache.js';

/** Keys rotated by another process (the CLI) are picked up within this time; the grace below covers it. */
const CACHE_TTL_MS = 30_000;

/** Apps whose imported active key is kept (a server holds a few; the map is cleared past this). */
const MAX_IMPORTED_KEYS = 10_000;

/** How long a retired key stays published beyond the longest access-token lifetime (clock skew). */
const RETIRED_KEY_GRACE_SECONDS = 300;

/** One verification key of an app. */
interface PublicSigningKey {
  kid: string;
  jwk: JWK;
}

/** The key an app signs new tokens with. */
export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The same private key as a node:crypto KeyObject, for signing synchronously on the hot path. */
  signingKey: KeyObject;
  publicPem: string;
}

/** The associated data a private signing key is sealed with: its app and key id. */
export const signingKeyAad = (appId: string, kid: string) => `latch:app-signing-key:${appId}:${kid}`;
const aadFor = signingKeyAad;

/** Per-app ES256 keys: created, rotated, published as a JWKS; private halves sealed under the master key. */
export class SigningKeys {
  private readonly active: TtlCache<ActiveSigningKey>;
  private readonly published: TtlCache<PublicSigningKey[]>;
  private readonly verifying = new Map<string, CryptoKey>();
  /** The active key last imported per app (kept past the cache's TTL: re-reading the row is enough). */
  private readonly imported = new Map<string, ActiveSigningKey>();
  /** The read in flight per app, shared by the requests that miss the cache together. */
  private readonly loading = new Map<string, Promise<ActiveSigningKey>>();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly clock: Clock,
  ) {
    this.active = new TtlCache(CACHE_TTL_MS, clock);
    this.published = new TtlCache(CACHE_TTL_MS, clock);
  }

  /** Creates a fresh key for an app and makes it the signing key (retiring the previous one). */
  async rotate(appId: string, tokenTtlSeconds: number): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    const now = this.clock.now();
    // Identity tokens are signed with the same keys: the retired key verifies the longer-lived of the two.
    const longestTtl = Math.max(tokenTtlSeconds, IDENTITY_TOKEN.ttlSeconds);
    const expiresAt = new Date(now.getTime() + (longestTtl + RETIRED_KEY_GRACE_SECONDS) * 1000);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_signing_keys')
        .set({ retired_at: now, expires_at: expiresAt })
        .where('app_id', '=', appId)
        .where('retired_at', 'is', null)
        .execute();
      await trx
        .insertInto('app_signing_keys')
        .values({
          kid,
          app_id: appId,
          public_jwk: JSON.stringify(publicJwk),
          private_jwk_encrypted: this.sealer.seal(JSON.stringify(privateJwk), aadFor(appId, kid)),
          created_at: now,
          retired_at: null,
          expires_at: null,
        })
        .execute();
    });
    this.active.delete(appId);
    this.published.delete(appId);
    return kid;
  }

  /**
   * Throws a ConfigError when the master key cannot open the stored signing keys (a different
   * LATCH_MASTER_KEY, or another data dir's master.key), so the server refuses to start with a clear
   * message instead of answering 500 to every login. Checks one active key; all are sealed alike.
   */
  async assertMasterKeyOpensKeys(): Promise<void> {
    const row = await this.db
      .selectFrom('app_signing_keys')
      .select(['app_id', 'kid', 'private_jwk_encrypted'])
      .where('retired_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (!row) return;
    try {
      this.sealer.open(row.private_jwk_encrypted, aadFor(row.app_id, row.kid));
    } catch {
      throw new ConfigError(
        `The master key does not open the stored signing keys (app ${row.app_id}): LATCH_MASTER_KEY (or <data dir>/master.key in dev mode) is not the key this database was created with. Start with that key; a new key cannot read the old one's data. To rotate, keep the old key in LATCH_MASTER_KEY_PREVIOUS and run \`latch-server keys rotate\` (docs/server.md).`,
      );
    }
  }

  /** The key new tokens of the app are signed with. */
  async activeKey(appId: string): Promise<ActiveSigningKey> {
    const cached = this.active.get(appId);
    if (cached) return cached;
    // When the cache entry ends, every request in flight misses at once: they share one read.
    let loading = this.loading.get(appId);
    if (!loading) {
      loading = this.loadActiveKey(appId).finally(() => this.loading.delete(appId));
      this.loading.set(appId, loading);
    }
    return loading;
  }

  /** Reads which key is active; opens and imports it only when it is not the one imported last. */
  private async loadActiveKey(appId: string): Promise<ActiveSigningKey> {
    const row = await this.db
      .selectFrom('app_signing_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) throw new LatchError('app_not_found');
    // A key id names one key pair for good (rotation makes a new one): the same id, the same keys.
    const previous = this.imported.get(appId);
    if (previous?.kid === row.kid) {
      this.active.set(appId, previous);
      return previous;
    }
    const privateJwk = JSON.parse(this.sealer.open(row.private_jwk_encrypted, aadFor(appId, row.kid))) as JWK;
    const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
    const publicKey = (await importJWK(row.public_jwk as JWK, 'ES256')) as CryptoKey;
    // jose's JWK and node:crypto's JsonWebKey describe the same JSON object.
    const signingKey = createPrivateKey({ key: privateJwk as NodeJwk, format: 'jwk' });
    const key = { kid: row.kid, privateKey, signingKey, publicPem: await exportSPKI(publicKey) };
    if (this.imported.size >= MAX_IMPORTED_KEYS) this.imported.clear();
    this.imported.set(appId, key);
    this.active.set(appId, key);
    return key;
  }

  /** The app's keys that can still verify a token: the active one and retired ones not yet expired. */
  async publicKeys(appId: string): Promise<PublicSigningKey[]> {
    const cached = this.published.get(appId);
    if (cached) return cached;
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('app_signing_keys')
      .select(['kid', 'public_jwk'])
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute();
    const keys = rows.map((r) => ({ kid: r.kid, jwk: r.public_jwk as JWK }));
    this.published.set(appId, keys);
    return keys;
  }

  /** The public key with this kid, only when it belongs to the app and is still valid. */
  async verificationKey(appId: string, kid: string): Promise<CryptoKey | undefined> {
    const cacheKey = `${appId}:${kid}`;
    const keys = await this.publicKeys(appId);
    const match = keys.find((k) => k.kid === kid);
    if (!match) return undefined;
    let key = this.verifying.get(cacheKey);
    if (!key) {
      key = (await importJWK(match.jwk, 'ES256')) as CryptoKey;
      this.verifying.set(cacheKey, key);
    }
    return key;
  }

  /** Forgets cached keys (after a rotation made by another process). */
  clearCache(): void {
    this.active.clear();
    this.published.clear();
    this.verifying.clear();
  }
}

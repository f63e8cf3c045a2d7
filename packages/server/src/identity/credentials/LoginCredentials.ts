import { OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import type { ColumnType } from 'kysely';
import type { Clock } from '../../kernel/clock.js';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';

/**
 * A login method whose credentials an app stores: an OAuth provider, the Telegram bot, or the Farcaster app fid
 * and key that sign the app's signer requests (modules/farcaster/FarcasterSigners.ts).
 */
export type CredentialMethod = OAuthProvider | 'telegram' | 'farcaster';

/** Every method that has credentials. */
export const CREDENTIAL_METHODS: readonly CredentialMethod[] = [...OAUTH_PROVIDERS, 'telegram', 'farcaster'];

/** Methods that log in without their credentials (Farcaster's are only for signers): never required to turn one on. */
export const OPTIONAL_CREDENTIAL_METHODS: readonly CredentialMethod[] = ['farcaster'];

/** app_login_credentials (migration 017). */
interface LoginCredentialsTable {
  app_id: string;
  method: string;
  public_config: string;
  secret_sealed: string | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/** The tables of the app login credentials. */
export interface LoginCredentialsTables {
  app_login_credentials: LoginCredentialsTable;
}

declare module '../../kernel/store/schema.js' {
  interface Database extends LoginCredentialsTables {}
}

/** One method's credentials: public settings (client id, endpoints, bot name …) and the opened secret. */
interface LoginCredential<P = Record<string, unknown>> {
  publicConfig: P;
  /** The secret in clear (a client secret, Apple's private key PEM, the bot token), or null when none is stored. */
  secret: string | null;
  updatedAt: Date;
}

/** The associated data a secret is sealed with: its app and method, so it opens nowhere else. */
export const credentialAad = (appId: string, method: string) => `login-credential:${appId}:${method}`;

/**
 * An app's credentials for third-party login methods (OAuth providers, the Telegram bot). Secrets are sealed
 * under the master key with the app and method as associated data, and only opened in memory when used.
 */
export class LoginCredentials {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly clock: Clock,
  ) {}

  /** The method's credentials for the app, or null when none are set. */
  async get<P = Record<string, unknown>>(appId: string, method: CredentialMethod): Promise<LoginCredential<P> | null> {
    const row = await this.db
      .selectFrom('app_login_credentials')
      .selectAll()
      .where('app_id', '=', appId)
      .where('method', '=', method)
      .executeTakeFirst();
    if (!row) return null;
    return {
      publicConfig: JSON.parse(row.public_config) as P,
      secret: row.secret_sealed === null ? null : this.sealer.open(row.secret_sealed, credentialAad(appId, method)),
      updatedAt: new Date(row.updated_at),
    };
  }

  /** The methods the app has credentials for. */
  async configuredMethods(appId: string): Promise<CredentialMethod[]> {
    const rows = await this.db
      .selectFrom('app_login_credentials')
      .select('method')
      .where('app_id', '=', appId)
      .execute();
    return rows.map((row) => row.method as CredentialMethod);
  }

  /** Sets (or replaces) the method's credentials; `secret` null stores none. */
  async set(appId: string, method: CredentialMethod, publicConfig: object, secret: string | null): Promise<void> {
    const values = {
      app_id: appId,
      method,
      public_config: JSON.stringify(publicConfig),
      secret_sealed: secret === null ? null : this.sealer.seal(secret, credentialAad(appId, method)),
      updated_at: this.clock.now(),
    };
    await this.db
      .insertInto('app_login_credentials')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['app_id', 'method']).doUpdateSet({
          public_config: values.public_config,
          secret_sealed: values.secret_sealed,
          updated_at: values.updated_at,
        }),
      )
      .execute();
  }

  /** Removes the method's credentials; true when there were some. */
  async remove(appId: string, method: CredentialMethod): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_login_credentials')
      .where('app_id', '=', appId)
      .where('method', '=', method)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

import type { CustomMetadata } from '@latch/protocol';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Json, Timestamp } from '../kernel/store/schema.js';

declare module '../kernel/store/schema.js' {
  interface Database {
    apps: AppsTable;
    app_clients: AppClientsTable;
    app_signing_keys: AppSigningKeysTable;
    users: UsersTable;
    linked_accounts: LinkedAccountsTable;
    sessions: SessionsTable;
    refresh_tokens: RefreshTokensTable;
  }
}

/** apps: one row per host app. `config` holds the SPEC §3 config fields a host set (snake_case). */
export interface AppsTable {
  id: string;
  name: string;
  config: Json<Record<string, unknown>>;
  allowed_origins: Json<string[]>;
  /** null: no allowlist; an array: only these emails / phones / wallet addresses may log in. */
  allowlist: Json<string[] | null>;
  max_users: number | null;
  access_token_ttl_seconds: number;
  /** Absolute lifetime of a session family (migration 013; default 90 days). */
  session_lifetime_seconds: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** app_clients: the client ids of an app. */
export interface AppClientsTable {
  id: string;
  app_id: string;
  created_at: Timestamp;
}

/** app_signing_keys: ES256 keys; the private JWK is AES-256-GCM encrypted under the master key. */
export interface AppSigningKeysTable {
  kid: string;
  app_id: string;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk_encrypted: string;
  created_at: Timestamp;
  /** Set when a newer key replaced this one; it then only verifies. */
  retired_at: Timestamp | null;
  /** After this time no token signed with the key can still be valid; it leaves the JWKS. */
  expires_at: Timestamp | null;
}

/** users. */
export interface UsersTable {
  id: string;
  app_id: string;
  created_at: Timestamp;
  accepted_terms_at: Timestamp | null;
  /** Set only by the admin API, by an update (migration 025, modules/adminApi/customMetadata.ts); shown in the wire user. */
  custom_metadata: ColumnType<CustomMetadata | null, never, string | null>;
}

/** linked_accounts: `account_key` is the normalised identity, unique per app and type. */
export interface LinkedAccountsTable {
  id: Generated<string>;
  app_id: string;
  user_id: string;
  type: string;
  account_key: string;
  details: Json<Record<string, unknown>>;
  verified_at: Timestamp;
  first_verified_at: Timestamp;
  latest_verified_at: Timestamp;
  created_at: Timestamp;
}

/** sessions: one login of a user (a refresh-token family). */
export interface SessionsTable {
  id: string;
  app_id: string;
  user_id: string;
  created_at: Timestamp;
  last_refreshed_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Why the session ended: logout, reuse (a used refresh token came back), … */
  revoked_reason: string | null;
  /** The root session of the family a fork joined; null: this session is its family's root (migration 013). */
  family_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the family began (its absolute lifetime counts from here); null: `created_at`. */
  family_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** refresh_tokens: SHA-256 of each opaque refresh token of a session; rotated on every use. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  /** The successor of a rotated token, sealed under the master key, for the refresh grace window. */
  successor_sealed: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AppRow = Selectable<AppsTable>;
/**
 * A user. `custom_metadata` (migration 025, set only by the admin API: adminApi/customMetadata) is read by
 * `selectAll` but absent from rows built in memory, so it is optional here.
 */
export type UserRow = Omit<Selectable<UsersTable>, 'custom_metadata'> & { custom_metadata?: CustomMetadata | null };
export type LinkedAccountRow = Selectable<LinkedAccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewLinkedAccount = Insertable<LinkedAccountsTable>;

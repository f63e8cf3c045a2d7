import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** passkey_credentials (migration 015): what verifying a passkey needs; its linked account is what the wire shows. */
interface PasskeyCredentialsTable {
  app_id: string;
  credential_id: string;
  /** Null while a sign-up or link claims the credential id (before its user exists or links it). */
  user_id: string | null;
  linked_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  public_key: Uint8Array;
  /** bigint: pg returns it as a string. */
  counter: ColumnType<string, number | string, number | string>;
  transports: ColumnType<string[], string, string>;
  device_type: string;
  backed_up: boolean;
  aaguid: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The tables of the passkeys module. */
export interface PasskeyTables {
  passkey_credentials: PasskeyCredentialsTable;
}

declare module '../../kernel/store/schema.js' {
  interface Database extends PasskeyTables {}
}

/** The tables of migrations 010 and 012 as the custody module sees them. */
export interface WalletTables {
  embedded_wallets: {
    id: string;
    app_id: string;
    user_id: string;
    address: string;
    recovery_method: 'latch' | 'user-passcode' | 'google-drive' | 'icloud';
    primary_share_set_id: string;
    recovery_share_sealed: string;
    recovery_key_sealed: string | null;
    password_salt: string | null;
    password_verifier_hash: string | null;
    oprf_key_id: string | null;
    /** Cloud backups (migration 028): HMAC of the cloud account the backup is bound to; null for other methods. */
    cloud_account_hash: string | null;
    created_at: Date;
    updated_at: Date;
  };
  wallet_share_sets: {
    id: string;
    wallet_id: string;
    kind: 'primary' | 'device';
    auth_share_sealed: string;
    created_at: Date;
    /** The thumbprint of the device key this set belongs to; null for sets made before migration 012. */
    device_key_id: string | null;
  };
  device_keys: {
    app_id: string;
    user_id: string;
    /** RFC 7638 thumbprint of the public key. */
    id: string;
    /** The public JWK (kty, crv, x, y) as JSON text. */
    public_jwk: string;
    /** The session whose device grant registered the key (last registration). */
    session_id: string;
    created_at: Date;
    last_used_at: Date;
    revoked_at: Date | null;
  };
}

declare module '../../kernel/store/schema.js' {
  interface Database extends WalletTables {}
}

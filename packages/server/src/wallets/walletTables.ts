/** The tables of migration 010 as the custody module sees them. */
export interface WalletTables {
  embedded_wallets: {
    id: string;
    app_id: string;
    user_id: string;
    address: string;
    recovery_method: 'latch' | 'user-passcode';
    primary_share_set_id: string;
    recovery_share_sealed: string;
    recovery_key_sealed: string | null;
    password_salt: string | null;
    password_verifier_hash: string | null;
    oprf_key_id: string | null;
    created_at: Date;
    updated_at: Date;
  };
  wallet_share_sets: {
    id: string;
    wallet_id: string;
    kind: 'primary' | 'device';
    auth_share_sealed: string;
    created_at: Date;
  };
}

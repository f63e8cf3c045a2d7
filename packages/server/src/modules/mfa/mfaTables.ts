/** The tables of migrations 016 and 024 as the MFA module sees them. */
export interface MfaTables {
  user_mfa: {
    user_id: string;
    app_id: string;
    /** `kernel/crypto/envelope.ts` output (`v1.<keyId>.…`), purpose `mfa-totp-kek`; null: no authenticator app. */
    totp_secret_sealed: string | null;
    /** The RFC 6238 time step of the last accepted code (a code of that step or an earlier one is refused). */
    totp_last_step: string | number | null;
    totp_enrolled_at: Date | null;
    /** E.164; null: no SMS MFA. */
    sms_phone: string | null;
    sms_enrolled_at: Date | null;
    created_at: Date;
  };
  /** Migration 024: the hashes of a user's unused recovery codes (recoveryCodes/MfaRecoveryCodes.ts). */
  mfa_recovery_codes: { user_id: string; app_id: string; code_hash: string; created_at: Date };
}

declare module '../../kernel/store/schema.js' {
  interface Database extends MfaTables {}
}
